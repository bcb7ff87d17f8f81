// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KitDetail } from '../../domain/kits/kits';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { BASE, kitsMswServer, kitTestDataProvider, renderKitScreen } from '../test-utils/labOrderFixtures';
import { fakeAuthProvider } from '../test-utils/adminTestContext';
import { labRow, LICENCE_STATES } from '../test-utils/labFixtures';
import { KitDetailsPage } from './KitDetailsPage';

// The PDF viewer (pdf.js) is not what is tested here: a stand-in shows the URL it was given.
vi.mock('../shared/pdf/LazyPdfViewer', () => ({
  LazyPdfViewer: ({ open, url, title }: { open: boolean; url: string | null; title: string }) =>
    open ? (
      <div role="dialog" aria-label={title}>
        {url}
      </div>
    ) : null,
}));

const server = kitsMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FILE_1 = 'local://RESULT_FILES/0b6f7b52-2a55-4c39-a7b3-1f0e8f3d0001.pdf';
const FILE_2 = 'local://RESULT_FILES/0b6f7b52-2a55-4c39-a7b3-1f0e8f3d0002.pdf';

const kit: KitDetail = {
  kitId: 'KT0000007',
  labName: 'LIFESCAN',
  requisitionId: 'REQ-500007',
  clinician: { firstName: 'Jane', lastName: 'Doe' },
  productName: '5-Panel STD Test',
  panelName: null,
  panelTestSpecifications: null,
  symptoms: 'Rash',
  medication: 'Descovy',
  allergies: 'Latex',
  registrationDateTime: '2026-03-04T14:30:00.000Z',
  testTakenDate: '2026-03-05T14:30:00.000Z',
  patient: { ...labRow().user!, passMember: false, shareWIthPass: false },
  sampleLabelPdfS3Url: null,
  externalNote: null,
  status: 'PENDING_RESULTS',
  bookingId: null,
  careLocation: null,
  careLocationCode: null,
  shipManifestNum: null,
  testResultStatus: null,
  masked: false,
};

function answer(attachments: string[], presigned: (url: string) => Response) {
  const asked: string[] = [];
  server.use(
    http.get(`${BASE}/secure/kit/:kitId`, () => HttpResponse.json(kit)),
    http.get(`${BASE}/secure/chartNote/kit/:kitId`, () => HttpResponse.json({ items: [], total: 0 })),
    http.get(`${BASE}/secure/testResult/:kitId`, () => HttpResponse.json(labRow({ kitId: 'KT0000007', attachments }))),
    http.get(`${BASE}/secure/file/presignedUrl`, ({ request }) => {
      const url = new URL(request.url).searchParams.get('url') ?? '';
      asked.push(url);
      return presigned(url);
    }),
  );
  return asked;
}

const render = () =>
  renderKitScreen(
    <Routes>
      <Route path="/KitDetails" element={<KitDetailsPage />} />
    </Routes>,
    {
      authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
      dataProvider: kitTestDataProvider({ getLicenceStates: async () => LICENCE_STATES }),
      initialEntries: ['/KitDetails?kitId=KT0000007'],
    },
  );

describe('Test Details: the result attachments', { timeout: 30_000 }, () => {
  it('lists every attachment of the result; one opens through GET /secure/file/presignedUrl?url=', async () => {
    const asked = answer([FILE_1, FILE_2], () =>
      HttpResponse.json({ url: 'http://portal.test/files/signed/RESULT_FILES/x.pdf?sig=1', expiresInSeconds: 1800 }),
    );
    render();
    const list = await screen.findByRole('list', { name: KIT_UI_TEXT.attachments });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['Result file 1 (PDF)', 'Result file 2 (PDF)']);
    fireEvent.click(items[1]);
    const viewer = await screen.findByRole('dialog', { name: 'Result file 2 (PDF) – KT0000007' });
    await waitFor(() => expect(viewer).toHaveTextContent('http://portal.test/files/signed/RESULT_FILES/x.pdf?sig=1'));
    expect(asked).toEqual([FILE_2]);
  });

  it('no attachment: says so', async () => {
    answer([], () => HttpResponse.json({}));
    render();
    expect(await screen.findByText(KIT_UI_TEXT.noAttachments)).toBeInTheDocument();
  });

  it('a failed presigned call: "Failed to get presigned downlaod url. Try again. Contact tech if problem continues"', async () => {
    answer([FILE_1], () => HttpResponse.json({ msg: 'Internal server error', reason: 'y' }, { status: 500 }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Result file 1 (PDF)' }));
    expect(await screen.findByText('Failed to get presigned downlaod url. Try again. Contact tech if problem continues')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a file the server does not know (404): "No attachment found. Try again. Contact tech if problem continues."', async () => {
    answer([FILE_1], () => HttpResponse.json({ msg: 'Not Found', reason: 'no such file' }, { status: 404 }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Result file 1 (PDF)' }));
    expect(await screen.findByText('No attachment found. Try again. Contact tech if problem continues.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
