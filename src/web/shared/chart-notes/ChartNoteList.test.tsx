// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_NOTE_TEXT } from '../../../domain/i18n/en/chart-note';
import { ChartNoteList } from './ChartNoteList';
import { answerTemplates, BASE, chartNote, notesMswServer, PERSON, renderNotesScreen } from '../../test-utils/noteFixtures';

vi.mock('../RichNoteInput', async () => ({ default: (await import('../../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 20_000 });

const server = notesMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGINAL = chartNote('orig-1', { note: '<p>Dose 5 mg</p>', authorName: 'Bo Chen', createdEpoch: 1_780_000_000 });
const AMENDMENT = chartNote('amend-1', { note: '<p>Dose 10 mg</p>', amendsNoteId: 'orig-1', createdEpoch: 1_780_100_000 });
const DRAFT = chartNote('draft-1', { status: 'DRAFT', note: '<p>Half</p>' });

let listCalls: number;
let posted: Array<Record<string, unknown>>;
let postAnswer: (body: Record<string, unknown>) => Response;

function answer(items: ReturnType<typeof chartNote>[]) {
  answerTemplates(server);
  server.use(
    http.get(`${BASE}/secure/chartNote/patient/${PERSON}`, () => {
      listCalls += 1;
      return HttpResponse.json({ items, total: items.length });
    }),
    http.post(`${BASE}/secure/chartNote`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return postAnswer(body);
    }),
  );
}

beforeEach(() => {
  listCalls = 0;
  posted = [];
  postAnswer = (body) => HttpResponse.json(chartNote('new-1', body as never), { status: 201 });
});

const card = (text: string) => screen.findByRole('article', { name: (_, el) => el.textContent?.includes(text) ?? false });
const renderList = () => renderNotesScreen(<ChartNoteList by="patient" id={PERSON} personId={PERSON} patientName="Ann Lee" />);

describe('ChartNoteList rich text', () => {
  it('a link shows its real destination and opens in a new tab; a remote image is not loaded', async () => {
    answer([
      chartNote('link-1', {
        note: '<p>SECTEST-CN1 <a href="https://evil.example/phish">Open results</a><img src="https://tracker.example.com/p.png"></p>',
      }),
    ]);
    renderList();
    const note = await card('SECTEST-CN1');
    const link = within(note).getByRole('link', { name: 'https://evil.example/phish' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(note.querySelector('img')).toBeNull();
  });
});

describe('ChartNoteList amendments', () => {
  it('a published note offers Amend (not edit); a draft does not', async () => {
    answer([ORIGINAL, DRAFT]);
    renderList();
    const published = await card('Dose 5 mg');
    expect(within(published).getByRole('button', { name: CHART_NOTE_TEXT.amend })).toBeInTheDocument();
    expect(within(published).queryByRole('button', { name: /edit/i })).toBeNull();
    expect(within(await card('Half')).queryByRole('button', { name: CHART_NOTE_TEXT.amend })).toBeNull();
  });

  it('links an amendment to its original, and the original shows it was amended', async () => {
    answer([AMENDMENT, ORIGINAL, chartNote('amend-2', { note: '<p>Elsewhere</p>', amendsNoteId: '99999999-9999-4999-8999-999999999999' })]);
    renderList();
    const amendment = await card('Dose 10 mg');
    expect(within(amendment).getByTestId('amendment-of')).toHaveTextContent(/^Amendment of the note by Bo Chen of \w{3}, \w{3} \d+, \d{4}/);
    const original = await card('Dose 5 mg');
    expect(within(original).getByText(CHART_NOTE_TEXT.amended)).toBeInTheDocument();
    expect(within(original).getByTestId('amended-by')).toHaveTextContent(/^Amended by Jane Doe on \w{3}, \w{3} \d+, \d{4}/);
    expect(within(original).queryByTestId('amendment-of')).toBeNull();
    expect(within(await card('Elsewhere')).getByTestId('amendment-of')).toHaveTextContent(CHART_NOTE_TEXT.amendmentOfEarlier);
  });

  it('Amend opens the dialog prefilled from the note and saving creates the amendment; the list is fetched again', async () => {
    answer([ORIGINAL]);
    renderList();
    fireEvent.click(within(await card('Dose 5 mg')).getByRole('button', { name: CHART_NOTE_TEXT.amend }));
    const dialog = await screen.findByRole('dialog');
    const field = await within(dialog).findByRole('textbox', { name: CHART_NOTE_TEXT.note });
    expect(field).toHaveValue('<p>Dose 5 mg</p>');
    fireEvent.change(field, { target: { value: '<p>Dose 10 mg</p>' } });
    const before = listCalls;
    fireEvent.click(within(dialog).getByRole('button', { name: CHART_NOTE_TEXT.submit }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ personId: PERSON, amendsNoteId: 'orig-1', note: '<p>Dose 10 mg</p>', status: 'PUBLISHED' });
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });

  it("a 409 on the amendment shows the server's reason and fetches the list again", async () => {
    answer([ORIGINAL]);
    postAnswer = () =>
      HttpResponse.json({ msg: 'Conflict', reason: 'only a published note can be amended; edit the draft instead' }, { status: 409 });
    renderList();
    fireEvent.click(within(await card('Dose 5 mg')).getByRole('button', { name: CHART_NOTE_TEXT.amend }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('textbox', { name: CHART_NOTE_TEXT.note });
    const before = listCalls;
    fireEvent.click(within(dialog).getByRole('button', { name: CHART_NOTE_TEXT.submit }));
    expect(await screen.findByText('only a published note can be amended; edit the draft instead')).toBeInTheDocument();
    expect(screen.queryByText(CHART_NOTE_TEXT.failed)).toBeNull();
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });
});
