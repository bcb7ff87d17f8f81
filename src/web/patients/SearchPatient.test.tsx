// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import type { PatientSearchResult } from '../../domain/patients/patient-search';
import { BASE, PATIENT_ID, patientMswServer, renderPatientScreen } from '../test-utils/patientFixtures';
import { PatientSearchBar } from './PatientSearchBar';
import { SearchPatientPage } from './SearchPatientPage';

vi.setConfig({ testTimeout: 20_000 });
const server = patientMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = (o: Partial<PatientSearchResult> = {}): PatientSearchResult => ({
  id: PATIENT_ID,
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  email: 'ann@example.com',
  dob: '1990-05-20',
  phoneNumber: '7025550101',
  state: 'NV',
  location: 'Las Vegas, NV',
  masked: false,
  ...o,
});
const MASKED = row({
  id: 'XXXXXX',
  firstName: 'XXXXXX',
  lastName: 'XXXXXX',
  name: 'XXXXXX',
  email: 'XXXXXX',
  dob: 'XXXXXX',
  phoneNumber: 'XXXXXX',
  state: 'XXXXXX',
  location: 'XXXXXX',
  masked: true,
});

describe('Patient search page', () => {
  it('needs at least one criterion, sends every filled one, lists the Patients List with View Details and clears', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/patient`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [row(), MASKED], total: 2 });
      }),
    );
    renderPatientScreen(<SearchPatientPage />);
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText(PATIENTS_TEXT.search.atLeastOne)).toBeInTheDocument();
    expect(urls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.email), { target: { value: ' ann@example.com ' } });
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.name), { target: { value: 'lee' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByRole('heading', { name: PATIENTS_TEXT.search.listTitle })).toBeInTheDocument();
    const first = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(first).getByRole('link', { name: PATIENTS_TEXT.search.viewDetails })).toHaveAttribute(
      'href',
      `/PatientProfile?patientId=${PATIENT_ID}&idType=sub`,
    );
    expect(within(first).getByText('Las Vegas, NV')).toBeInTheDocument();
    expect(screen.getByText(PATIENTS_TEXT.search.masked)).toBeInTheDocument();
    for (const h of Object.values(PATIENTS_TEXT.search.columns)) expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    const q = urls.at(-1)!.searchParams;
    expect([q.get('email'), q.get('name'), q.get('perPage'), q.get('page'), q.get('sort'), q.get('dob')]).toEqual([
      'ann@example.com',
      'lee',
      '100',
      '1',
      'name',
      null,
    ]);
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.clear }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: PATIENTS_TEXT.search.listTitle })).not.toBeInTheDocument());
    expect(screen.getByLabelText(PATIENTS_TEXT.search.email)).toHaveValue('');
  });

  it('column filters (one per data column) narrow the list on the server, on top of the search criteria', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/patient`, ({ request }) => {
        const url = new URL(request.url);
        urls.push(url);
        return HttpResponse.json(
          url.searchParams.get('locationContains')
            ? { items: [row()], total: 1 }
            : { items: [row(), row({ id: 'p2', name: 'Bo Lee', email: 'bo@example.com', location: 'Denver, CO' })], total: 2 },
        );
      }),
    );
    renderPatientScreen(<SearchPatientPage />);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.name), { target: { value: 'lee' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('bo@example.com')).toBeInTheDocument();
    for (const label of Object.values(PATIENTS_TEXT.search.columnFilters)) expect(screen.getByLabelText(label)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.columnFilters.location), { target: { value: 'vegas' } });
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.columnFilters.email), { target: { value: 'ann' } });
    await waitFor(() => expect(screen.queryByText('bo@example.com')).not.toBeInTheDocument());
    await waitFor(() => {
      const q = urls.at(-1)!.searchParams;
      expect([q.get('name'), q.get('locationContains'), q.get('emailContains'), q.get('page')]).toEqual(['lee', 'vegas', 'ann', '1']);
    });
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
  });

  it('shows the server reason when the search fails, and the empty state', async () => {
    server.use(
      http.get(`${BASE}/secure/patient`, ({ request }) =>
        new URL(request.url).searchParams.get('dob') === '1990-01-02'
          ? HttpResponse.json({ msg: 'Invalid request', reason: 'The search is not available now' }, { status: 400 })
          : HttpResponse.json({ items: [], total: 0 }),
      ),
    );
    renderPatientScreen(<SearchPatientPage />);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.dob), { target: { value: '1990-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText(PATIENTS_TEXT.search.empty)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.dob), { target: { value: '1990-01-02' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('Patient search failed. The search is not available now')).toBeInTheDocument();
  });

  it('a criterion that cannot be searched is named under its field before anything is sent; the Name takes at most 120 characters', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/patient`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [row()], total: 1 });
      }),
    );
    renderPatientScreen(<SearchPatientPage />);
    expect(screen.getByLabelText(PATIENTS_TEXT.search.name)).toHaveAttribute('maxLength', '120');
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.dob), { target: { value: '05/01/1990' } });
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.name), { target: { value: 'lee' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('DOB must be a date written YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByLabelText(PATIENTS_TEXT.search.dob)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: PATIENTS_TEXT.search.listTitle })).not.toBeInTheDocument();
    expect(urls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.dob), { target: { value: '1990-05-01' } });
    // the form checks the corrected value again as it changes (its schema check settles a tick later)
    await waitFor(() => expect(screen.queryByText('DOB must be a date written YYYY-MM-DD')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(urls.at(-1)!.searchParams.get('dob')).toBe('1990-05-01');
  });

  it('the form checks every criterion by the domain rule the server applies; Clear empties the fields and the message', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/patient`, ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json({ items: [row()], total: 1 });
      }),
    );
    renderPatientScreen(<SearchPatientPage />);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.phone), { target: { value: 'ab-1' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('Phone must have at least 3 digits')).toBeInTheDocument();
    expect(urls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.clear }));
    await waitFor(() => expect(screen.queryByText('Phone must have at least 3 digits')).not.toBeInTheDocument());
    expect(screen.getByLabelText(PATIENTS_TEXT.search.phone)).toHaveValue('');
    expect(urls).toHaveLength(0);
  });

  it('a failed search shows the failure text with a plain reason, an empty list and no page range', async () => {
    server.use(
      http.get(`${BASE}/secure/patient`, () =>
        HttpResponse.json({ msg: 'Invalid request', reason: 'Name must be at most 120 characters', field: 'name' }, { status: 400 }),
      ),
    );
    renderPatientScreen(<SearchPatientPage />);
    // The server's refusal (the page itself sends no criterion it knows the server refuses: see the test above).
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.search.name), { target: { value: 'lee' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.search.searchButton }));
    expect(await screen.findByText('Patient search failed. Name must be at most 120 characters')).toBeInTheDocument();
    expect(screen.queryByText(/1-100 of 100/)).not.toBeInTheDocument();
    expect(screen.queryByText(PATIENTS_TEXT.search.empty)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('row').filter((r) => r.textContent?.includes('@'))).toHaveLength(0);
  });
});

describe('Patient search bar', () => {
  it('asks for a field first, waits for more than one character, lowercases, and opens a result with the keyboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/secure/patient/search`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([row(), MASKED]);
      }),
    );
    let location = '';
    renderPatientScreen(<PatientSearchBar />, {
      onLocation: (l) => {
        location = `${l.pathname}${l.search}`;
      },
    });
    const box = screen.getByLabelText(PATIENTS_TEXT.bar.term);
    fireEvent.change(box, { target: { value: 'x' } });
    expect(await screen.findByText(PATIENTS_TEXT.bar.noType)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText(PATIENTS_TEXT.bar.field));
    fireEvent.click(await screen.findByRole('option', { name: PATIENTS_TEXT.bar.types.patient_name }));
    fireEvent.change(box, { target: { value: 'L' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(bodies).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'LeE' } });
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(bodies).toEqual([{ type: 'patient_name', term: 'lee' }]);
    expect(screen.getByText('XXXXXX').closest('[role="button"]')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(location).toBe(`/PatientProfile?patientId=${PATIENT_ID}&idType=sub`));
  });
  it("a failing search says 'Patient search failed.'", async () => {
    server.use(http.post(`${BASE}/secure/patient/search`, () => HttpResponse.json({ msg: 'Internal server error', reason: 'x' }, { status: 500 })));
    renderPatientScreen(<PatientSearchBar />);
    fireEvent.mouseDown(screen.getByLabelText(PATIENTS_TEXT.bar.field));
    fireEvent.click(await screen.findByRole('option', { name: PATIENTS_TEXT.bar.types.patient_email }));
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.bar.term), { target: { value: 'ann@' } });
    expect(await screen.findByText(PATIENTS_TEXT.bar.failed)).toBeInTheDocument();
  });
});
