// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { createTestResultSchema } from '../../domain/lab/lab-api';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, testDataProvider } from '../test-utils/labFixtures';
import { CreateTestReportDialog } from './CreateTestReportDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FORM = {
  kitId: 'KT0000001',
  productName: '3-Panel STD Test',
  labName: 'CDD',
  entries: [
    { testName: 'Chlamydia trachomatis', testValue: '', newTest: false, testId: 'T1', options: ['Detected', 'Not Detected'] },
    { testName: 'HIV-1/2 Ag/Ab', testValue: 'Non-Reactive', newTest: false, testId: 'T2', options: ['Reactive', 'Non-Reactive'] },
  ],
};

function setup(formStatus = 200, form: typeof FORM = FORM) {
  const requests: string[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(`${BASE}/secure/testResult/cdd/labResultsForm`, () =>
      formStatus === 200 ? HttpResponse.json(form) : HttpResponse.json({ msg: 'Nope' }, { status: formStatus }),
    ),
    http.post(`${BASE}/secure/testResult/uploadResultFile/cdd/:kitId`, () => {
      requests.push('upload');
      return HttpResponse.json({ fileS3Url: 's3://bucket/result.pdf' });
    }),
    http.post(`${BASE}/secure/testResult`, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ kitId: 'KT0000001', testResultId: 'tr1', status: 'NEEDS_CLINICIAN_REVIEW' });
    }),
  );
  const onClose = vi.fn();
  renderInAdmin(<CreateTestReportDialog record={labRow({ status: 'APPROVED' })} onClose={onClose} />, { dataProvider: testDataProvider() });
  return { requests, created, onClose };
}

async function pick(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const newEntry = () => {
  const add = screen.getByRole('button', { name: LAB_TEXT.addTest });
  return add.parentElement as HTMLElement;
};

describe('Create Test Report', () => {
  it('"Error fetching test information." replaces the form when it cannot be loaded', async () => {
    setup(500);
    expect(await screen.findByText(LAB_TEXT.errorFetchingTestInfo)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LAB_TEXT.addTest })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: LAB_TEXT.submit })).toBeDisabled();
  });

  it('adding an entry needs a name and a value: "Enter all the required values"', async () => {
    setup();
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.addTest }));
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.enterRequiredValues);
    fireEvent.change(within(newEntry()).getByLabelText(LAB_TEXT.testName), { target: { value: 'Syphilis (RPR)' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.addTest }));
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.enterRequiredValues);
    expect(screen.queryByText('Syphilis (RPR)')).not.toBeInTheDocument();
  });

  it('a test already in the report cannot be added twice', async () => {
    const { created } = setup();
    await screen.findByText('Chlamydia trachomatis');
    const before = screen.getAllByTestId('test-entry').length;
    fireEvent.change(within(newEntry()).getByLabelText(LAB_TEXT.testName), { target: { value: '  chlamydia TRACHOMATIS ' } });
    await pick(within(newEntry()).getByLabelText(LAB_TEXT.testValue), 'Detected');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.addTest }));
    expect(screen.getByRole('alert')).toHaveTextContent('Chlamydia trachomatis is already in this report');
    expect(screen.getAllByTestId('test-entry')).toHaveLength(before);
    expect(created).toEqual([]);
  });

  it('"Other" needs its custom text', async () => {
    setup();
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.change(within(newEntry()).getByLabelText(LAB_TEXT.testName), { target: { value: 'Syphilis (RPR)' } });
    await pick(within(newEntry()).getByRole('combobox'), 'Other');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.addTest }));
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.enterRequiredValues);
    fireEvent.change(within(newEntry()).getByLabelText(LAB_TEXT.customValue), { target: { value: 'Indeterminate' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.addTest }));
    expect(await screen.findByText('Syphilis (RPR)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the spec options: existing entries their own, new entries Non-Reactive … Other', async () => {
    setup();
    const rows = await screen.findAllByTestId('test-entry');
    fireEvent.mouseDown(within(rows[1]).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Reactive', 'Non-Reactive']);
    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    fireEvent.mouseDown(within(newEntry()).getByRole('combobox'));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Non-Reactive', 'Reactive', 'Not Detected', 'Detected', 'Other']);
  });

  it('the upload does nothing without a chosen file', async () => {
    const { requests } = setup();
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.upload }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByText(LAB_TEXT.uploadingFile)).not.toBeInTheDocument();
    expect(screen.getByTestId('result-file-input')).toHaveAttribute('accept', '.pdf,application/pdf');
  });

  it('uploads a chosen PDF ("Uploading File", "Upload success") and submits it with the entries; missing values go empty', async () => {
    const { requests, created, onClose } = setup();
    await screen.findByText('Chlamydia trachomatis');
    const pdf = new File(['%PDF-1.4 test'], 'result.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('result-file-input'), { target: { files: [pdf] } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.upload }));
    expect(await screen.findByText(LAB_TEXT.uploadingFile)).toBeInTheDocument();
    expect(await screen.findByText(LAB_TEXT.uploadSuccess)).toBeInTheDocument();
    expect(requests).toEqual(['upload']);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.submit }));
    expect(await screen.findByText(LAB_TEXT.testCreated)).toBeInTheDocument();
    expect(created).toEqual([
      {
        kitId: 'KT0000001',
        resultData: [
          { testName: 'Chlamydia trachomatis', testValue: '', newTest: false, testId: 'T1', options: ['Detected', 'Not Detected'] },
          { testName: 'HIV-1/2 Ag/Ab', testValue: 'Non-Reactive', newTest: false, testId: 'T2', options: ['Reactive', 'Non-Reactive'] },
        ],
        resultFileS3Url: 's3://bucket/result.pdf',
      },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a failed upload says "Upload failed, cause: ..."', async () => {
    setup();
    server.use(
      http.post(`${BASE}/secure/testResult/uploadResultFile/cdd/:kitId`, () =>
        HttpResponse.json({ msg: 'Bad file', reason: 'only PDF' }, { status: 400 }),
      ),
    );
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.change(screen.getByTestId('result-file-input'), { target: { files: [new File(['x'], 'r.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.upload }));
    expect(await screen.findByText('Upload failed, cause: Bad file.Reason: only PDF')).toBeInTheDocument();
  });

  it('a failed creation shows "Error creating test" as a toast and an alert', async () => {
    const { onClose } = setup();
    server.use(http.post(`${BASE}/secure/testResult`, () => HttpResponse.json({ msg: 'Conflict', reason: 'already released' }, { status: 409 })));
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`${LAB_TEXT.errorCreatingTest}: Conflict.Reason: already released`));
    await waitFor(() => expect(screen.getAllByText(new RegExp(`^${LAB_TEXT.errorCreatingTest}`)).length).toBeGreaterThanOrEqual(2));
    expect(onClose).not.toHaveBeenCalled();
  });
  it('Enter in a new test adds it without sending the report; the report sends it with its custom value', async () => {
    const { created } = setup();
    await screen.findByText('Chlamydia trachomatis');
    fireEvent.change(within(newEntry()).getByLabelText(LAB_TEXT.testName), { target: { value: ' Syphilis (RPR) ' } });
    await pick(within(newEntry()).getByRole('combobox'), 'Other');
    const custom = within(newEntry()).getByLabelText(LAB_TEXT.customValue);
    fireEvent.change(custom, { target: { value: 'Indeterminate' } });
    fireEvent.keyDown(custom, { key: 'Enter' });
    expect(await screen.findByText('Syphilis (RPR)')).toBeInTheDocument();
    expect(screen.getAllByTestId('test-entry')).toHaveLength(3);
    expect(within(newEntry()).getByLabelText(LAB_TEXT.testName)).toHaveValue('');
    await new Promise((r) => setTimeout(r, 50));
    expect(created).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.submit }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect((created[0] as { resultData: unknown[] }).resultData[2]).toEqual({
      testName: 'Syphilis (RPR)',
      testValue: 'Indeterminate',
      newTest: true,
      testId: null,
      options: ['Non-Reactive', 'Reactive', 'Not Detected', 'Detected', 'Other'],
    });
  });

  it("a report the server would refuse is not sent: the server schema's message shows before sending", async () => {
    const { created } = setup(200, { ...FORM, entries: [] });
    await screen.findByText(/3-Panel STD Test/);
    const refusal = createTestResultSchema.safeParse({ kitId: 'KT0000001', resultData: [] });
    expect(refusal.success).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal.error!.issues[0].message);
    await new Promise((r) => setTimeout(r, 50));
    expect(created).toEqual([]);
  });
});
