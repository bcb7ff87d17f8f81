// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_NOTE_TEXT } from '../../../domain/i18n/en/chart-note';
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/shared/headers';
import { ChartNoteDialog, CLOSE_AFTER_SAVE_MS } from './ChartNoteDialog';
import { answerTemplates, BASE, chartNote, notesMswServer, PERSON, renderNotesScreen } from '../../test-utils/noteFixtures';

vi.mock('../RichNoteInput', async () => ({ default: (await import('../../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 20_000 });

const server = notesMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

let draftQueries: URLSearchParams[];
let posted: Array<Record<string, unknown>>;
let postedKeys: Array<string | null>;
let put: Array<{ id: string; body: Record<string, unknown> }>;
let saveAnswer: () => Response;

function answer(draft: ReturnType<typeof chartNote> | null = null) {
  answerTemplates(server);
  server.use(
    http.get(`${BASE}/secure/chartNote/latestDraft`, ({ request }) => {
      draftQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ draft });
    }),
    http.post(`${BASE}/secure/chartNote`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      postedKeys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      return saveAnswer() ?? HttpResponse.json(chartNote('new-1', body as never), { status: 201 });
    }),
    http.put(`${BASE}/secure/chartNote/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      put.push({ id: String(params.id), body });
      return saveAnswer() ?? HttpResponse.json(chartNote(String(params.id), body as never));
    }),
  );
}

beforeEach(() => {
  draftQueries = [];
  posted = [];
  postedKeys = [];
  put = [];
  saveAnswer = () => undefined as unknown as Response;
});

const noteField = () => screen.findByRole('textbox', { name: CHART_NOTE_TEXT.note });
const typeInto = async (text: string) => fireEvent.change(await noteField(), { target: { value: text } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function open(props: Partial<Parameters<typeof ChartNoteDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderNotesScreen(<ChartNoteDialog open personId={PERSON} patientName="Ann Lee" onClose={onClose} onSaved={onSaved} {...props} />);
  return { onClose, onSaved };
}

describe('ChartNoteDialog', () => {
  it('writes a Clinical Notes note, internal, by default', async () => {
    answer();
    open();
    await noteField();
    expect(screen.getByRole('combobox', { name: new RegExp(CHART_NOTE_TEXT.noteType) })).toHaveTextContent('Clinical Notes');
    await typeInto('<p>Doing well</p>');
    click(CHART_NOTE_TEXT.submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      personId: PERSON,
      noteType: 'CLINICIAN_NOTE',
      visibility: 'INTERNAL_NOTE',
      status: 'PUBLISHED',
      note: '<p>Doing well</p>',
    });
    expect(postedKeys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]); // a resend of this creation makes one note
  });

  it('"Make this note available to patient" makes it external and shows the red warning', async () => {
    answer();
    open();
    await noteField();
    expect(screen.queryByText(CHART_NOTE_TEXT.externalWarning)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: CHART_NOTE_TEXT.makeExternal }));
    expect(screen.getByText(CHART_NOTE_TEXT.externalWarning)).toBeInTheDocument();
    await typeInto('<p>For you</p>');
    click(CHART_NOTE_TEXT.saveDraft);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ visibility: 'EXTERNAL_NOTE', status: 'DRAFT' });
  });

  it('loads the latest draft of the patient and reference, and saving updates it', async () => {
    answer(
      chartNote('draft-1', {
        status: 'DRAFT',
        note: '<p>Half written</p>',
        noteType: 'REGISTERED_NURSE_NOTE',
        referenceId: 'KT1',
        referenceType: 'KIT',
      }),
    );
    open({ referenceId: 'KT1', referenceType: 'KIT' });
    expect(await noteField()).toHaveValue('<p>Half written</p>');
    expect(draftQueries[0].get('personId')).toBe(PERSON);
    expect(draftQueries[0].get('referenceId')).toBe('KT1');
    expect(draftQueries[0].get('referenceType')).toBe('KIT');
    expect(screen.getByRole('combobox', { name: new RegExp(CHART_NOTE_TEXT.noteType) })).toHaveTextContent('Registered Nurse Notes');
    expect(screen.getByTestId('draft-saved-as-of')).toHaveTextContent(/^Draft saved as of \w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M$/);
    click(CHART_NOTE_TEXT.submit);
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ id: 'draft-1', body: { status: 'PUBLISHED', referenceId: 'KT1', referenceType: 'KIT' } });
    expect(posted).toHaveLength(0);
  });

  it('locks the note type of a questionnaire response', async () => {
    answer(chartNote('q-1', { status: 'DRAFT', noteType: 'PATIENT_QUESTIONNAIRE_RESPONSE' }));
    open();
    await noteField();
    const select = screen.getByRole('combobox', { name: new RegExp(CHART_NOTE_TEXT.noteType) });
    expect(select).toHaveTextContent('Patient Questionnaire Response');
    expect(select).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows "Notes saved successfully" and closes 2 seconds after a successful save', async () => {
    answer();
    const { onClose, onSaved } = open();
    await typeInto('<p>Done</p>');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    click(CHART_NOTE_TEXT.saveDraft);
    expect(await screen.findByText(CHART_NOTE_TEXT.saved)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledOnce();
    expect(screen.getByTestId('draft-saved-as-of')).toHaveTextContent(/^Draft saved as of /);
    await act(async () => {
      vi.advanceTimersByTime(CLOSE_AFTER_SAVE_MS - 200);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  // Notes the content rules refuse, with the spec text they are refused with.
  type RefusedNote = [what: string, note: string, message: string];
  const EMPTY_NOTE: RefusedNote = ['an empty note', '<p> </p>', CHART_NOTE_TEXT.empty];
  const TOO_LARGE_NOTE: RefusedNote = [
    'a note over 380 KB',
    `<p>${'a'.repeat(389_200)}</p>`,
    'Note is too large (381 KB > 380 KB). Please remove images/formatting or split the note.',
  ];

  it.each<RefusedNote>([
    EMPTY_NOTE,
    ['a required placeholder', '<p>Dose: [[required: dose]]</p>', CHART_NOTE_TEXT.required],
    ['a pasted image', '<p>x</p><img src="data:image/png;base64,AAAA">', CHART_NOTE_TEXT.pastedImage],
    TOO_LARGE_NOTE,
  ])('refuses %s with the spec text and sends nothing', async (_, text, message) => {
    answer();
    open();
    await typeInto(text);
    click(CHART_NOTE_TEXT.submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it.each<RefusedNote>([EMPTY_NOTE, TOO_LARGE_NOTE])(
    'shows the message of %s under the note field, sending neither a draft nor a note',
    async (_, text, message) => {
      answer();
      open();
      await typeInto(text);
      click(CHART_NOTE_TEXT.saveDraft);
      await waitFor(async () => expect(await noteField()).toHaveAccessibleDescription(message));
      expect(await noteField()).toHaveAttribute('aria-invalid', 'true');
      click(CHART_NOTE_TEXT.submit);
      await waitFor(async () => expect(await noteField()).toHaveAccessibleDescription(message));
      expect(posted).toHaveLength(0);
      expect(put).toHaveLength(0);
    },
  );

  it.each([CHART_NOTE_TEXT.saveDraft, CHART_NOTE_TEXT.submit])(
    'a double-clicked %s sends one request, with one Idempotency-Key, and shows one success',
    async (button) => {
      answer();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      server.use(
        http.post(`${BASE}/secure/chartNote`, async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          posted.push(body);
          postedKeys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
          await held;
          return HttpResponse.json(chartNote('new-1', body as never), { status: 201 });
        }),
      );
      const { onSaved } = open();
      await typeInto('<p>Once</p>');
      click(button);
      click(button);
      await waitFor(() => expect(screen.getByRole('button', { name: button })).toBeDisabled());
      click(CHART_NOTE_TEXT.saveDraft);
      click(CHART_NOTE_TEXT.submit);
      await waitFor(() => expect(posted).toHaveLength(1));
      release();
      expect(await screen.findByText(CHART_NOTE_TEXT.saved)).toBeInTheDocument();
      expect(screen.queryByText(CHART_NOTE_TEXT.failed)).toBeNull();
      expect(posted).toHaveLength(1);
      expect(postedKeys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
      expect(onSaved).toHaveBeenCalledOnce();
    },
  );

  it("shows the server's reason of a refusal, else 'Something went wrong', and stays open", async () => {
    answer();
    saveAnswer = () => HttpResponse.json({ msg: 'Forbidden', reason: 'license ineligible' }, { status: 403 });
    const { onClose } = open();
    await typeInto('<p>x</p>');
    click(CHART_NOTE_TEXT.submit);
    expect(await screen.findByText('license ineligible')).toBeInTheDocument();
    saveAnswer = () => new HttpResponse('oops', { status: 500 });
    click(CHART_NOTE_TEXT.submit);
    expect(await screen.findByText(CHART_NOTE_TEXT.failed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a clone starts from the note and is saved as a new note', async () => {
    answer();
    open({ cloneOf: chartNote('orig', { note: '<p>Original</p>', noteType: 'APPOINTMENT_NOTE' }) });
    expect(await noteField()).toHaveValue('<p>Original</p>');
    expect(draftQueries).toHaveLength(0);
    click(CHART_NOTE_TEXT.submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ clone: true, noteType: 'APPOINTMENT_NOTE', note: '<p>Original</p>' });
    expect(put).toHaveLength(0);
  });

  it('an amendment starts from the published note and is created linked to it (a new note, never a change)', async () => {
    answer();
    const published = chartNote('pub-1', {
      note: '<p>Dose 5 mg</p>',
      visibility: 'EXTERNAL_NOTE',
      referenceId: 'KT1',
      referenceType: 'KIT',
      authorName: 'Bo Chen',
    });
    open({ amendOf: published, referenceId: 'KT1', referenceType: 'KIT' });
    expect(await noteField()).toHaveValue('<p>Dose 5 mg</p>');
    expect(draftQueries).toHaveLength(0); // not the author's latest draft
    expect(screen.getByTestId('amendment-of')).toHaveTextContent(/^Amendment of the note by Bo Chen of \w{3}, \w{3} \d+, \d{4}/);
    expect(screen.getByText(CHART_NOTE_TEXT.externalWarning)).toBeInTheDocument(); // a correction reaches whoever read the note
    await typeInto('<p>Dose 10 mg (corrected)</p>');
    click(CHART_NOTE_TEXT.submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      amendsNoteId: 'pub-1',
      status: 'PUBLISHED',
      note: '<p>Dose 10 mg (corrected)</p>',
      referenceId: 'KT1',
      referenceType: 'KIT',
      visibility: 'EXTERNAL_NOTE',
    });
    expect(posted[0]).not.toHaveProperty('clone');
    expect(postedKeys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(put).toHaveLength(0);
  });

  it('a loaded draft that amends a note says so, and saving updates the draft', async () => {
    answer(chartNote('draft-2', { status: 'DRAFT', note: '<p>Correction</p>', amendsNoteId: 'pub-1' }));
    open();
    expect(await noteField()).toHaveValue('<p>Correction</p>');
    expect(screen.getByTestId('amendment-of')).toHaveTextContent(CHART_NOTE_TEXT.amendmentOfEarlier);
    click(CHART_NOTE_TEXT.submit);
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].id).toBe('draft-2');
    expect(posted).toHaveLength(0);
  });

  it.each([
    ['HTML with an inline image', { 'text/html': '<p>see</p><img src="data:image/png;base64,AAAA">' }, []],
    ['HTML with a remote image', { 'text/html': '<img src="https://tracker.example/p.gif">' }, []],
    ['an image file', {}, [new File(['x'], 'shot.png', { type: 'image/png' })]],
  ])('refuses a pasted image (%s) up front with the spec text, inserting nothing', async (_, data: Record<string, string>, files: File[]) => {
    answer();
    open();
    await typeInto('<p>Kept</p>');
    const clipboardData = { files, items: files.map((f) => ({ kind: 'file', type: f.type })), getData: (t: string) => data[t] ?? '' };
    fireEvent.paste(await noteField(), { clipboardData });
    expect(await screen.findByText(CHART_NOTE_TEXT.pastedImage)).toBeInTheDocument();
    expect(await noteField()).toHaveValue('<p>Kept</p>');
    expect(posted).toHaveLength(0);
  });

  it('a paste of text only is no image', async () => {
    answer();
    open();
    fireEvent.paste(await noteField(), {
      clipboardData: { files: [], items: [], getData: (t: string) => (t === 'text/html' ? '<p>imagery</p>' : 'imagery') },
    });
    expect(screen.queryByText(CHART_NOTE_TEXT.pastedImage)).toBeNull();
  });

  it("shows the server's content refusal beside the note (an image the server found)", async () => {
    answer();
    saveAnswer = () => HttpResponse.json({ msg: 'Invalid request', reason: CHART_NOTE_TEXT.pastedImage }, { status: 400 });
    const { onClose } = open();
    await typeInto('<p>x</p>');
    click(CHART_NOTE_TEXT.submit);
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent(CHART_NOTE_TEXT.pastedImage);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a 409 shows the server's reason, not a generic error", async () => {
    answer(chartNote('draft-1', { status: 'DRAFT' }));
    saveAnswer = () => HttpResponse.json({ msg: 'Conflict', reason: 'a published note cannot be changed; write an amendment' }, { status: 409 });
    open();
    await noteField();
    click(CHART_NOTE_TEXT.submit);
    expect(await screen.findByText('a published note cannot be changed; write an amendment')).toBeInTheDocument();
    expect(screen.queryByText(CHART_NOTE_TEXT.failed)).toBeNull();
    expect(put).toHaveLength(1);
  });

  it('applies a template with the patient and clinician names', async () => {
    answer();
    answerTemplates(server, [{ id: 't1', name: 'Follow-up', description: '<p>Hi {{patientName}}</p><p>{{clinicianName}}</p>' }]);
    open();
    await noteField();
    const select = screen.getByRole('combobox', { name: /^Template/ });
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Follow-up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    await waitFor(async () => expect(await noteField()).toHaveValue('<p>Hi Ann Lee</p><p>Jane Doe</p>'));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });
});
