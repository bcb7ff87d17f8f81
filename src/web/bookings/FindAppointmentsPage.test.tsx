// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../domain/bookings/bookings';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { BOOKING_API } from '../providers/bookingMethods';
import { answerFind, BASE, bookingMswServer, bookingRow, page, renderBookingScreen } from '../test-utils/bookingFixtures';
import { FindAppointmentsPage } from './FindAppointmentsPage';

vi.setConfig({ testTimeout: 20_000 }); // MUI screens in jsdom are slow on a loaded machine

const server = bookingMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const today = () => format(new Date(), 'yyyy-MM-dd');
const paging = { queryType: 'ALL', page: 1, perPage: 100 };

async function chooseMode(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search by' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}
/** The input labelled so (the mode selector is labelled by its value too). */
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search' }));

/** Renders the page and waits for its first (Today's Bookings) search. */
async function openPage(answer = () => page([bookingRow('BK1')])) {
  const bodies = answerFind(server, answer);
  renderBookingScreen(<FindAppointmentsPage />, { initialEntries: ['/bookings'] });
  await waitFor(() => expect(bodies).toHaveLength(1));
  return bodies;
}

const Details = () => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
};

describe('Find Appointments: search state', () => {
  it('keeps the criteria, the filter and the page on Back from a booking', async () => {
    const bodies = answerFind(server, () => page([bookingRow('BK000157')], 250));
    renderBookingScreen(
      <Routes>
        <Route path="/bookings" element={<FindAppointmentsPage />} />
        <Route path="/BookingDetails" element={<Details />} />
      </Routes>,
      { initialEntries: ['/bookings'] },
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    await chooseMode('Booking ID');
    type('Booking ID', 'BK000157');
    search();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ searchType: 'BOOKING_ID', bookingId: 'BK000157', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 2 }));
    fireEvent.click(await screen.findByRole('link', { name: 'BK000157' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(input('Booking ID')).toHaveValue('BK000157'));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ searchType: 'BOOKING_ID', bookingId: 'BK000157', page: 2 }));
    expect(bodies.some((b, i) => i > 0 && b.searchType === 'TODAY')).toBe(false);
  });

  it('clears the previous results when a search is refused', async () => {
    await openPage();
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    await chooseMode('Email');
    type('Email', 'notanemail');
    search();
    expect(await screen.findByText('Please enter a valid Email')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
  });
});

describe('Find Appointments: search form', () => {
  it("searches Today's Bookings on opening, quietly", async () => {
    const bodies = await openPage();
    expect(bodies[0]).toEqual({ searchType: 'TODAY', ...paging });
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.queryByText('Booking(s) found')).toBeNull();
  });

  it('defaults the date range to 14 days back and 1 day ahead', async () => {
    await openPage();
    await chooseMode('Date Range');
    expect(input('From')).toHaveValue(addDays(today(), -14));
    expect(input('To')).toHaveValue(addDays(today(), 1));
  });

  it('refuses a range of more than 15 days with the spec text and sends nothing', async () => {
    const bodies = await openPage();
    await chooseMode('Date Range');
    type('From', '2026-03-01');
    type('To', '2026-03-18');
    search();
    expect(await screen.findByText('Date range cannot be more than 15 days')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toHaveLength(1);
    type('To', '2026-03-16'); // 15 days: allowed
    search();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ searchType: 'DATE_RANGE', fromDate: '2026-03-01', toDate: '2026-03-16', ...paging });
  });

  it('moves the end date to start + 15 days when the start passes it or leaves it too far behind', async () => {
    await openPage();
    await chooseMode('Date Range');
    type('To', '2026-03-10');
    type('From', '2026-03-12');
    expect(input('To')).toHaveValue('2026-03-27');
    type('From', '2026-03-20'); // end still within 15 days: kept
    expect(input('To')).toHaveValue('2026-03-27');
    type('From', '2026-02-01');
    expect(input('To')).toHaveValue('2026-02-16');
  });

  it.each([
    ["Today's Bookings", {}, { searchType: 'TODAY' }],
    ['Booking ID', { 'Booking ID': ' BK000042 ' }, { searchType: 'BOOKING_ID', bookingId: 'BK000042' }],
    ['Last Name & DOB', { 'Last Name': 'Lee', 'Date of Birth': '1990-05-20' }, { searchType: 'LASTNAME_DOB', lastName: 'Lee', dob: '1990-05-20' }],
    ['Mobile', { 'Mobile No': '7025550101' }, { searchType: 'MOBILE_NO', mobileNo: '7025550101' }],
    ['Email', { Email: 'ann.lee@example.com' }, { searchType: 'EMAIL_ID', emailId: 'ann.lee@example.com' }],
    ['Unassigned', {}, { searchType: 'UNASSIGNED' }],
  ])('%s sends its criteria', async (mode, inputs, expected) => {
    const bodies = await openPage();
    await chooseMode(mode);
    for (const [label, value] of Object.entries(inputs)) type(label, value);
    search();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ ...expected, ...paging });
    expect(await screen.findByText('Booking(s) found')).toBeInTheDocument();
  });

  it('Booking Status sends the chosen status', async () => {
    const bodies = await openPage();
    await chooseMode('Booking Status');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Booking Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled No Show' }));
    search();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ searchType: 'BOOKING_STATUS', bookingStatus: 'CANCELLED_NO_SHOW', ...paging });
  });

  it('refuses a mobile number that is not 10 digits', async () => {
    const bodies = await openPage();
    await chooseMode('Mobile');
    type('Mobile No', '70255');
    search();
    expect(await screen.findByText('Please enter a valid Mobile No: 10 digits, e.g. 7020879009 (spaces and dashes are ignored)')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('shows "Unsupported search type" for an unknown mode and sends nothing', async () => {
    const bodies = answerFind(server, () => page([]));
    renderBookingScreen(<FindAppointmentsPage />, { initialEntries: ['/bookings?searchType=BY_HOROSCOPE'] });
    expect(await screen.findByText('Unsupported search type')).toBeInTheDocument();
    search();
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toHaveLength(0);
  });

  it('shows the failure with the server reason', async () => {
    const bodies = await openPage();
    answerFind(
      server,
      () => HttpResponse.json({ msg: 'Bad Request', reason: 'Date range cannot be more than 15 days' }, { status: 400 }) as Response,
    );
    search();
    expect(await screen.findByText('Booking search failed. Reason: Date range cannot be more than 15 days')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });
});

describe('Find Appointments: filter', () => {
  it.each([
    ['Only mine', 'SELF', 'Showing only your bookings'],
    ['Only unassigned', 'UNASSIGNED', 'Showing only unassigned bookings'],
  ])('%s refetches with queryType %s and says "%s"', async (button, queryType, text) => {
    const bodies = await openPage();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ searchType: 'TODAY', ...paging, queryType });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('Showing all bookings')).toBeInTheDocument();
  });
});

describe('Find Appointments: Available Bookings table', () => {
  it('shows the columns of the spec, the booking id linking to the booking details, and a coloured capitalised status', async () => {
    await openPage(() =>
      page([bookingRow('BK1', { tagOrLabel: 'Paid' }), bookingRow('BK2', { primaryClinicianName: null, primaryClinicianId: null })], 230),
    );
    const table = await screen.findByRole('table', { name: 'Available Bookings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Booking ID',
      'Name',
      'Email',
      'Phone',
      'DOB',
      'State',
      'City',
      'Care Type',
      'Care Location',
      'Primary Clinician',
      'Appointment Start',
      'Appointment End',
      'Products',
      'Status',
      'Tag / Label',
    ]);
    const row = within(table).getAllByRole('row')[1];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 10)).toEqual([
      'BK1',
      'Ann Lee',
      'ann.lee@example.com',
      '7025550101',
      '1990-05-20',
      'NV',
      'Las Vegas',
      'Telemedicine Consult',
      'Online/Telemedicine',
      'Jane Doe',
    ]);
    expect(cells.slice(13)).toEqual(['Booked Pending Confirmation', 'Paid']);
    expect(within(row).getByRole('link', { name: 'BK1' })).toHaveAttribute('href', '/BookingDetails?bookingId=BK1');
    expect(within(row).getByText('Booked Pending Confirmation').closest('[data-status-group]')).toHaveAttribute('data-status-group', 'pending');
    expect(within(within(table).getAllByRole('row')[2]).getByText('Unassigned')).toBeInTheDocument();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('230 bookings');
  });

  it('pages on the server: 100 rows a page, options 50/100/200/500', async () => {
    const bodies = await openPage(() => page([bookingRow('BK1')], 230));
    await screen.findByText('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ page: 2, perPage: 100 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '200', '500']);
    fireEvent.click(screen.getByRole('option', { name: '500' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ page: 1, perPage: 500 });
  });

  it('exports all data: the same search as CSV, saved as a file', async () => {
    const exported: unknown[] = [];
    server.use(
      http.post(`${BASE}${BOOKING_API}/findBookings/export`, async ({ request }) => {
        exported.push(await request.json());
        return new HttpResponse('Booking ID\nBK1\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:bookings');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await openPage(() => page([bookingRow('BK1')], 230));
    await screen.findByText('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(exported).toEqual([{ searchType: 'TODAY', queryType: 'ALL' }]); // the whole search: the server ignores paging
  });

  it('shows the empty state', async () => {
    await openPage(() => page([]));
    expect(await screen.findAllByText('No bookings found')).not.toHaveLength(0);
  });

  it("masked rows show XXXXXX and no link (dates the server masked into objects included), only the clinician's Emergency access", async () => {
    const X = 'XXXXXX';
    const masked = { name: X, email: X, bookingStatus: X, appntStart: {}, appntEnd: {}, careType: { name: X, displayName: X }, masked: true };
    await openPage(() => page([bookingRow('BK9', masked as never)]));
    const row = (await screen.findByText('BK9')).closest('tr') as HTMLElement;
    // Emergency access waits for the clinician's permissions, which may arrive after the rows.
    await within(row).findByRole('button', { name: BREAK_GLASS_TEXTS.action });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([`BK9 ${BREAK_GLASS_TEXTS.action}`, ...Array(11).fill(X), '', X, '']);
    expect(screen.queryByRole('link', { name: 'BK9' })).toBeNull();
    expect(within(row).getByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeEnabled();
  });
});
