// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEMPLATES_TEXT } from '../../../domain/i18n/en/chart-note';
import { BASE, notesMswServer, renderNotesScreen } from '../../test-utils/noteFixtures';
import { createDataProvider } from '../../providers/dataProvider';
import { createApiFetch } from '../../providers/httpClient';
import { ManageTemplates } from './ManageTemplates';

vi.mock('../RichNoteInput', async () => ({ default: (await import('../../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 20_000 });

const server = notesMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const existing = { id: 't1', name: 'Follow-up', description: '<p>Hi {{patientName}}</p>', updatedAt: '2026-03-04T14:30:00.000Z' };

/** The Idempotency-Key of each save, in order. */
const keys: Array<string | null> = [];

function answer(save: () => Promise<Response> | Response = () => HttpResponse.json(existing)) {
  const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
  const record = async (request: Request) => {
    keys.push(request.headers.get('idempotency-key'));
    calls.push({ method: request.method, body: (await request.json()) as Record<string, unknown> });
    return save();
  };
  server.use(
    http.get(`${BASE}/secure/clinician/template`, () => HttpResponse.json([existing])),
    http.post(`${BASE}/secure/clinician/template`, ({ request }) => record(request)),
    http.put(`${BASE}/secure/clinician/template`, ({ request }) => record(request)),
  );
  return calls;
}

const field = (name: string) => screen.findByRole('textbox', { name: new RegExp(`^${name}`) });

async function fillNew(name: string, text: string) {
  fireEvent.click(await screen.findByRole('button', { name: TEMPLATES_TEXT.newTemplate }));
  fireEvent.change(await field(TEMPLATES_TEXT.name), { target: { value: name } });
  fireEvent.change(await field(TEMPLATES_TEXT.description), { target: { value: text } });
}

/** The screen over the portal's one dataProvider (resource `templates`), talking to msw. */
const renderTemplates = () =>
  renderNotesScreen(<ManageTemplates />, { dataProvider: createDataProvider(createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' })) });

describe('ManageTemplates', () => {
  it('lists the templates and creates one: "Template Created Successfully"', async () => {
    const calls = answer();
    renderTemplates();
    expect(await screen.findByText('Follow-up')).toBeInTheDocument();
    await fillNew('Results', '<p>Hello</p>');
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.save }));
    expect(await screen.findByText(TEMPLATES_TEXT.created)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', body: { name: 'Results', description: '<p>Hello</p>' } }]);
    expect(keys.at(-1)).toMatch(/^[0-9a-f-]{36}$/); // a resend after a lost answer creates one template
  });

  it('ignores a second save while one is running', async () => {
    const calls = answer(async () => {
      await delay(300);
      return HttpResponse.json(existing);
    });
    renderTemplates();
    await fillNew('Results', '<p>Hello</p>');
    const save = screen.getByRole('button', { name: TEMPLATES_TEXT.save });
    fireEvent.click(save);
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText(TEMPLATES_TEXT.created)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('edits a template: "Template Updated Successfully"; a failure shows the server message or the default', async () => {
    let fail: Response | null = null;
    const calls = answer(() => fail ?? HttpResponse.json(existing));
    renderTemplates();
    fireEvent.click(await screen.findByRole('button', { name: TEMPLATES_TEXT.edit }));
    expect(await field(TEMPLATES_TEXT.name)).toHaveValue('Follow-up');
    fail = HttpResponse.json({ msg: 'Not found', reason: 'no such template of yours' }, { status: 404 });
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.save }));
    expect(await screen.findByText('no such template of yours')).toBeInTheDocument();
    fail = new HttpResponse('x', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.save }));
    expect(await screen.findByText(TEMPLATES_TEXT.updateFailedDefault)).toBeInTheDocument();
    fail = null;
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.save }));
    expect(await screen.findByText(TEMPLATES_TEXT.updated)).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'PUT', 'PUT']);
    expect(calls[2].body).toEqual({ id: 't1', name: 'Follow-up', description: '<p>Hi {{patientName}}</p>' });
  });
});
