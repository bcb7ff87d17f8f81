// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Location } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, LICENCE_STATES, maskedRow, testDataProvider } from '../test-utils/labFixtures';
import { LabResultsPage } from './LabResultsPage';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ROWS = [labRow({ kitId: 'KT0000001', status: 'AUTO_RELEASE_SCHEDULED', clinician: null }), maskedRow('KT0000002')];

function setup(answer: (url: URL) => Response = () => HttpResponse.json({ items: ROWS, total: 2 }) as Response) {
  const urls: URL[] = [];
  server.use(
    http.get(`${BASE}/secure/license/validAndInvalidStates`, () => HttpResponse.json(LICENCE_STATES)),
    http.get(`${BASE}/secure/testResult`, ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return answer(url);
    }),
  );
  let location: Location | undefined;
  renderInAdmin(<LabResultsPage />, {
    dataProvider: testDataProvider(),
    authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
    initialEntries: ['/result'],
    onLocation: (l) => (location = l),
  });
  return { urls, location: () => location };
}

const COLUMNS = [
  'Patient Name',
  'Preferred Name',
  'Patient Email',
  'Kit ID',
  'Results Status',
  'Clinician',
  'Lab Date',
  'Results',
  'Patient Sex at Birth',
  'Patient DOB',
  'Phone Number',
  'Allergies',
  'Current Medications',
  'Current Symptoms',
  'Patient State',
  'Product Name',
  'Actions',
];

describe('Lab Results table', () => {
  it('asks the server for page 1 of 50, newest first, all states, and shows the spec columns in order', async () => {
    const { urls } = setup();
    expect(await screen.findByRole('heading', { name: LAB_TEXT.labResultsTitle, level: 1 })).toBeInTheDocument();
    await screen.findByText('KT0000001');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(COLUMNS);
    expect(Object.fromEntries(urls[0].searchParams)).toMatchObject({
      page: '1',
      perPage: '50',
      sort: 'createDateTime',
      order: 'DESC',
      queryType: 'ALL',
      myStates: 'false',
    });
  });

  it('shows a row: patient link to the profile in a new tab, Unassigned, AUTO_RELEASE_SCHEDULED icon, DOB with age', async () => {
    setup();
    const row = (await screen.findByText('KT0000001')).closest('tr')!;
    const link = within(row).getByRole('link', { name: 'Ann Lee' });
    expect(link).toHaveAttribute('href', '/PatientProfile?patientId=p-1&idType=sub');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(row).getByText(LAB_TEXT.unassigned)).toBeInTheDocument();
    expect(within(row).getByTestId('auto-release-icon')).toBeInTheDocument();
    expect(within(row).getByText(/^1990-05-20 \(\d+y \d+m\)$/)).toBeInTheDocument();
    expect(within(row).getByText('Chlamydia trachomatis: Not Detected')).toBeInTheDocument();
    expect(within(row).getByText('Neisseria gonorrhoeae: Detected')).toBeInTheDocument();
  });

  it("a masked row shows XXXXXX and has every action disabled but the clinician's Emergency access", async () => {
    setup();
    const row = (await screen.findByText('KT0000002')).closest('tr')!;
    expect(within(row).getAllByText('XXXXXX').length).toBeGreaterThan(5);
    expect(within(row).queryByRole('link')).toBeNull();
    // Emergency access waits for the clinician's permissions, which may arrive after the rows and their actions.
    await within(row).findByRole('button', { name: BREAK_GLASS_TEXTS.action });
    const actions = within(row)
      .getAllByRole('button')
      .filter((b) => b.textContent !== BREAK_GLASS_TEXTS.action);
    expect(actions.length).toBeGreaterThan(0);
    for (const button of actions) expect(button).toBeDisabled();
    expect(within(row).getByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeEnabled();
  });

  it('My States: asks the server for myStates=true and says "Showing lab results for your state"; back to all states', async () => {
    const { urls } = setup();
    await screen.findByText('KT0000001');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.myStates }));
    expect(await screen.findByText(LAB_TEXT.showingMyStates)).toBeInTheDocument();
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('myStates')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.allStates }));
    expect(await screen.findByText(LAB_TEXT.showingAllResults)).toBeInTheDocument();
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('myStates')).toBe('false'));
  });

  it('search is sent as q once typing pauses; the query type selector sets queryType', async () => {
    const { urls } = setup();
    await screen.findByText('KT0000001');
    fireEvent.change(screen.getByLabelText(LAB_TEXT.search), { target: { value: 'ann' } });
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('q')).toBe('ann'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(LAB_TEXT.queryType) }));
    fireEvent.click(await screen.findByRole('option', { name: LAB_TEXT.queryUnassigned }));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('queryType')).toBe('UNASSIGNED'));
    expect(urls.at(-1)!.searchParams.get('q')).toBe('ann');
  });

  it('is a DataTable whose sortable headers sort on the server: Lab Date by createDateTime, Kit ID by kitId; Email is not sortable', async () => {
    const { urls } = setup();
    const cell = await screen.findByText('KT0000001');
    expect(cell.closest('table')).toHaveClass('RaDataTable-table');
    expect(cell.closest('td')).toHaveClass('column-kitId');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Lab Date' })).getByRole('button'));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('order')).toBe('ASC'));
    expect(urls.at(-1)!.searchParams.get('sort')).toBe('createDateTime');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Kit ID' })).getByRole('button'));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('sort')).toBe('kitId'));
    expect(within(screen.getByRole('columnheader', { name: 'Patient Email' })).queryByRole('button')).toBeNull();
  });

  it('a click on a row opens the kit details with the record', async () => {
    const { location } = setup();
    fireEvent.click(await screen.findByText('KT0000001'));
    await waitFor(() => expect(location()?.pathname).toBe('/KitDetails'));
    expect(location()?.search).toBe('?kitId=KT0000001');
    expect((location()?.state as { record: { kitId: string } }).record.kitId).toBe('KT0000001');
  });

  it('says "Lab results refresh failed. Reason: ..." when the list cannot be loaded', async () => {
    setup(() => HttpResponse.json({ msg: 'Boom', reason: 'db down' }, { status: 500 }) as Response);
    expect((await screen.findAllByText('Lab results refresh failed. Reason: Boom.Reason: db down')).length).toBeGreaterThan(0);
  });

  it('says "No lab results found" for an empty list', async () => {
    setup(() => HttpResponse.json({ items: [], total: 0 }) as Response);
    expect(await screen.findByText(LAB_TEXT.noLabResults)).toBeInTheDocument();
  });

  it('exports the server CSV with the current filters', async () => {
    const exported: URL[] = [];
    server.use(
      http.get(`${BASE}/secure/testResult/export`, ({ request }) => {
        exported.push(new URL(request.url));
        return new HttpResponse('Kit ID\nKT0000001\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    setup();
    await screen.findByText('KT0000001');
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.export }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(Object.fromEntries(exported[0].searchParams)).toMatchObject({ queryType: 'ALL', myStates: 'false', sort: 'createDateTime' });
  });
});
