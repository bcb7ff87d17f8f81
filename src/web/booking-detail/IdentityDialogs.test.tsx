// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { answerDetail, detailServer, detail, renderDetail } from '../test-utils/bookingDetailFixtures';
import { IdentityDocumentsDialog, VerifyIdentityDialog } from './IdentityDialogs';

const server = detailServer();

const both = { IDENTITY_PASSPORT: 'k/id.png', SELFIE: 'k/selfie.png' };
const answerDocuments = (docs: Record<string, string>) => server.use(http.get(`${BASE}${BOOKING_API}/BK1/documents`, () => HttpResponse.json(docs)));

describe('Identity verification', () => {
  it.each([
    [{}, null, 'No identity docs available'],
    [{ SELFIE: 'k/s.png' }, null, 'Incomplete'],
    [both, null, 'Verification pending'],
    [both, true, 'Verified'],
    [both, false, 'Rejected'],
  ] as const)('documents %j, verified %s: "%s"', async (docs, verified, text) => {
    answerDetail(server, detail());
    renderDetail(
      <VerifyIdentityDialog booking={detail({ documentS3UrlMap: docs, isSelfCheckInIdentityVerified: verified })} onClose={() => undefined} />,
    );
    expect(screen.getByTestId('identity-status')).toHaveTextContent(text);
    const enabled = text === 'Verification pending';
    for (const name of ['Accept', 'Reject']) {
      const button = screen.getByRole('button', { name });
      if (enabled) expect(button).toBeEnabled();
      else expect(button).toBeDisabled();
    }
  });

  it('shows the ID and the selfie side by side and accepts', async () => {
    const writes = answerDetail(server, detail());
    answerDocuments({ IDENTITY_PASSPORT: 'https://files.example/id.png?sig=1', SELFIE: 'https://files.example/selfie.jpg' });
    renderDetail(<VerifyIdentityDialog booking={detail({ documentS3UrlMap: both })} onClose={() => undefined} />);
    expect(await screen.findByRole('img', { name: 'ID document' })).toHaveAttribute('src', 'https://files.example/id.png?sig=1');
    expect(screen.getByRole('img', { name: 'Selfie' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Document approved successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PATCH', path: '/secure/booking/v1/selfCheckIn/verifyIdentity', body: { bookingId: 'BK1', reviewResult: 'ACCEPT' } },
    ]);
  });
});

describe('Identity document manager', () => {
  it('asks for a file and a photo before uploading, and accepts only .pdf/.jpg/.jpeg/.png', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<IdentityDocumentsDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Identity Documents' });
    const [uploadId, uploadSelfie] = within(dialog).getAllByRole('button', { name: 'Upload' });
    fireEvent.click(uploadId);
    expect(await within(dialog).findByText('Please select a file to upload')).toBeInTheDocument();
    fireEvent.click(uploadSelfie);
    expect(await within(dialog).findByText('Please select a photo to upload')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('ID document')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
    // a wrong type or a too large file is refused before anything is sent
    fireEvent.change(within(dialog).getByLabelText('ID document'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Only .pdf, .jpg, .jpeg and .png files are accepted')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 });
    fireEvent.change(within(dialog).getByLabelText('Selfie'), { target: { files: [big] } });
    expect(await within(dialog).findByText('The file is larger than the 10 MB limit')).toBeInTheDocument(); // the limit stated
    expect(writes).toEqual([]);
  });

  it('a wrong file stays refused on Upload: nothing is sent, its message stays', async () => {
    const writes = answerDetail(server, detail());
    renderDetail(<IdentityDocumentsDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Identity Documents' });
    fireEvent.change(within(dialog).getByLabelText('Selfie'), { target: { files: [new File(['x'], 'me.gif', { type: 'image/gif' })] } });
    expect(await within(dialog).findByText('Only .pdf, .jpg, .jpeg and .png files are accepted')).toBeInTheDocument();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Upload' })[1]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).getByText('Only .pdf, .jpg, .jpeg and .png files are accepted')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please select a photo to upload')).toBeNull();
    expect(writes).toEqual([]);
  });

  it('headed "ID document" and "Selfie", styled pickers naming the file, a later good file clears the old error', async () => {
    answerDetail(server, detail());
    renderDetail(<IdentityDocumentsDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Identity Documents' });
    expect(within(dialog).getByRole('heading', { name: 'ID document' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Selfie' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('Choose file')).toHaveLength(2); // MUI buttons, not the browser's bare control
    const input = within(dialog).getByLabelText('ID document');
    expect(input).not.toBeVisible();
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('Only .pdf, .jpg, .jpeg and .png files are accepted')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['x'], 'passport.png', { type: 'image/png' })] } });
    // the form checks the chosen file as it changes (its schema check settles a tick later)
    await waitFor(() => expect(within(dialog).queryByText('Only .pdf, .jpg, .jpeg and .png files are accepted')).toBeNull());
    expect(within(dialog).getByText('passport.png')).toBeInTheDocument();
  });

  it('uploads, says so and closes; the booking and its documents are read again', async () => {
    answerDetail(server, detail());
    let documentReads = 0;
    const uploads: Array<string | null> = [];
    server.use(
      http.get(`${BASE}${BOOKING_API}/BK1/documents`, () => {
        documentReads += 1;
        return HttpResponse.json({});
      }),
      http.post(`${BASE}/secure/public/document`, async ({ request }) => {
        // The text field from the raw multipart body: under jsdom, vitest hands the selected File to Node's fetch
        // without its bytes, and Node 24's request.formData() refuses such a part.
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        uploads.push(/name="documentType"\r\n\r\n([^\r]*)\r\n/.exec(await request.text())?.[1] ?? null);
        return HttpResponse.json({});
      }),
    );
    const onClose = vi.fn();
    renderDetail(<IdentityDocumentsDialog booking={detail()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Identity Documents' });
    await waitFor(() => expect(documentReads).toBe(1));
    fireEvent.change(within(dialog).getByLabelText('Selfie'), { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Upload' })[1]!);
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(documentReads).toBe(2);
    expect(uploads).toEqual(['SELFIE']);
  });

  it('refuses uploads once the documents were reviewed', () => {
    answerDetail(server, detail());
    renderDetail(
      <IdentityDocumentsDialog booking={detail({ documentS3UrlMap: both, isSelfCheckInIdentityVerified: true })} onClose={() => undefined} />,
    );
    for (const button of screen.getAllByRole('button', { name: 'Replace' })) expect(button).toBeDisabled();
    expect(screen.getAllByLabelText('Replace: Identity documents were already reviewed')).toHaveLength(2);
  });
});
