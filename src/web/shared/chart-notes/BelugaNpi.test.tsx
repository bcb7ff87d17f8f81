// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NPI_NOT_FOUND } from '../../../domain/i18n/en/chart-note';
import { ChartNoteList } from './ChartNoteList';
import { answerTemplates, BASE, chartNote, notesMswServer, PERSON, renderNotesScreen } from '../../test-utils/noteFixtures';

vi.mock('../RichNoteInput', async () => ({ default: (await import('../../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 20_000 });

const server = notesMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answer(items: ReturnType<typeof chartNote>[], npi: (name: string) => Response) {
  const asked: string[] = [];
  answerTemplates(server);
  server.use(
    http.get(`${BASE}/secure/chartNote/patient/${PERSON}`, () => HttpResponse.json({ items, total: items.length })),
    http.get(`${BASE}/secure/npi`, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? '';
      asked.push(name);
      return npi(name);
    }),
  );
  return asked;
}
const card = (text: string) => screen.findByRole('article', { name: (_, el) => el.textContent?.includes(text) ?? false });
const renderList = () => renderNotesScreen(<ChartNoteList by="patient" id={PERSON} personId={PERSON} patientName="Ann Lee" />);

describe("BELUGA_HEALTH notes: the writing physician's NPI (spec 2 §5)", () => {
  it("shows the NPI found for the note's author by GET /secure/npi?name=; other notes ask nothing", async () => {
    const asked = answer(
      [
        chartNote('b-1', { noteType: 'BELUGA_HEALTH', authorName: 'Dr. Maria Gonzales', note: '<p>Telehealth visit</p>' }),
        chartNote('c-1', { noteType: 'CLINICIAN_NOTE', authorName: 'Jane Doe', note: '<p>Own note</p>' }),
      ],
      () => HttpResponse.json({ name: 'MARIA GONZALEZ', npi: '1234567893' }),
    );
    renderList();
    const beluga = await card('Telehealth visit');
    expect(await within(beluga).findByText('NPI: 1234567893')).toBeInTheDocument();
    expect(within(await card('Own note')).queryByText(/NPI/)).toBeNull();
    expect(asked).toEqual(['Dr. Maria Gonzales']);
  });

  it('no physician matches (404): "NPI not found" on the note', async () => {
    answer([chartNote('b-2', { noteType: 'BELUGA_HEALTH', authorName: 'Unknown Person', note: '<p>Visit two</p>' })], () =>
      HttpResponse.json({ msg: 'Not found', reason: NPI_NOT_FOUND }, { status: 404 }),
    );
    renderList();
    const c = await card('Visit two');
    expect(await within(c).findByText(NPI_NOT_FOUND)).toBeInTheDocument();
  });
});
