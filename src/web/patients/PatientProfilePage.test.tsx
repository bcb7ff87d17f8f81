// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHART_NOTE_TEXT } from '../../domain/i18n/en/chart-note';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import { createDataProvider } from '../providers/dataProvider';
import { createApiFetch } from '../providers/httpClient';
import { patientDetail } from '../test-utils/patientFixtures';
import { answerTemplates, BASE, chartNote, notesMswServer, PERSON, renderNotesScreen } from '../test-utils/noteFixtures';
import { PatientProfilePage } from './PatientProfilePage';

vi.mock('../shared/RichNoteInput', async () => ({ default: (await import('../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 20_000 });

const server = notesMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const summary = patientDetail({ id: PERSON, userId: PERSON, subUUID: PERSON });

function answer(notes = [chartNote('n1', { note: '<p>Feeling well.</p><script>window.hacked = 1</script>' }), chartNote('n2', { note: '<p></p>' })]) {
  const listQueries: URLSearchParams[] = [];
  answerTemplates(server);
  server.use(
    http.get(`${BASE}/secure/patient/detailsBySubId/${PERSON}`, () => HttpResponse.json(summary)),
    http.get(`${BASE}/secure/chartNote/patient/${PERSON}`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      listQueries.push(q);
      const items = q.get('q') ? notes.filter((n) => n.note.includes(q.get('q')!)) : notes;
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get(`${BASE}/secure/chartNote/latestDraft`, () => HttpResponse.json({ draft: null })),
    http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json({ msg: 'Not found', reason: 'none' }, { status: 404 })),
  );
  return listQueries;
}

const open = () =>
  renderNotesScreen(<PatientProfilePage />, {
    initialEntries: [`/PatientProfile?patientId=${PERSON}&idType=sub&view=charting-notes`],
    dataProvider: createDataProvider(createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' })),
  });

describe('PatientProfilePage', () => {
  it('shows the patient card and the seven tabs; view=charting-notes chooses the Charting Notes tab', async () => {
    answer();
    open();
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByText('1990-05-20').length).toBeGreaterThan(0);
    const tabs = within(screen.getByRole('tablist', { name: PATIENTS_TEXT.profile.title })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Appointment',
      'Kit Detail',
      'History',
      'Health Status',
      'Message',
      'Charting Notes',
      'Prescriptions',
    ]);
    expect(screen.getByRole('tab', { name: 'Charting Notes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists the notes sanitized, "No Message Found" for an empty one, and searches and resets', async () => {
    const queries = answer();
    open();
    const first = await screen.findByText('Feeling well.');
    expect(first.closest('[data-testid="chart-note-body"]')?.innerHTML).not.toContain('script');
    expect(screen.getByText(CHART_NOTE_TEXT.noMessage)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: CHART_NOTE_TEXT.search }), { target: { value: 'nothing-like-this' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(CHART_NOTE_TEXT.noNotes)).toBeInTheDocument();
    expect(queries.at(-1)?.get('q')).toBe('nothing-like-this');
    fireEvent.click(screen.getByRole('button', { name: CHART_NOTE_TEXT.reset }));
    expect(await screen.findByText('Feeling well.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: CHART_NOTE_TEXT.search })).toHaveValue('');
  });

  it('Create Charting Note opens the dialog for this patient', async () => {
    answer();
    open();
    fireEvent.click(await screen.findByRole('button', { name: CHART_NOTE_TEXT.createChartingNote }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${CHART_NOTE_TEXT.dialogTitle} – Ann Lee`)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: CHART_NOTE_TEXT.note })).toBeInTheDocument());
  });

  it('prints a note to an A4 window titled after the patient', async () => {
    answer();
    const doc = { open: vi.fn(), write: vi.fn(), close: vi.fn() };
    const spy = vi.spyOn(window, 'open').mockReturnValue({ document: doc, focus: vi.fn(), print: vi.fn() } as unknown as Window);
    open();
    await screen.findByText('Feeling well.');
    fireEvent.click(screen.getAllByRole('button', { name: CHART_NOTE_TEXT.print })[0]);
    const html = doc.write.mock.calls[0][0] as string;
    expect(html).toContain('<title>Ann_Lee</title>');
    expect(html).toContain('size: A4');
    expect(html).not.toContain('<script');
    spy.mockRestore();
  });
});
