// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BASE, bookingMswServer, bookingRow, renderBookingScreen, testApiFetch } from '../test-utils/bookingFixtures';
import { createDataProvider, type PortalDataProvider } from '../providers/dataProvider';
import { BOOKING_API, type BookingRow } from '../providers/bookingMethods';
import { clinicianProfile, fakeAuthProvider } from '../test-utils/adminTestContext';
import { portalDarkTheme } from '../layout/theme';
import { BookingCalendarPage } from './BookingCalendarPage';
import { CALENDAR_STORAGE_KEY, loadCalendarState } from './calendarState';

vi.setConfig({ testTimeout: 20_000 });

const server = bookingMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

/** Answers GET /bookings with the rows, recording each query. */
function answerCalendar(rows: BookingRow[]) {
  const queries: Array<Record<string, string>> = [];
  server.use(
    http.get(`${BASE}${BOOKING_API}/bookings`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(rows);
    }),
    http.get('*/config.json', () =>
      HttpResponse.json({
        region: 'local',
        userPoolId: 'p',
        userPoolClientId: 'c',
        authFlowType: 'USER_PASSWORD_AUTH',
        bookingPublicUrl: 'https://book.example.com',
      }),
    ),
  );
  return queries;
}

const rows = [
  bookingRow('BK1'), // 18:00Z, mine (sub-1)
  bookingRow('BK2', {
    name: 'Bo Ray',
    primaryClinicianId: 'c-2',
    primaryClinicianName: 'Mark Lee',
    appntStart: '2026-11-21T20:00:00.000Z',
    appntEnd: null,
    bookingStatus: 'CANCELLED',
  }),
];
/** A confirmed booking of another clinician: it can be re-assigned. */
const other = bookingRow('BK3', {
  name: 'Cy Poe',
  primaryClinicianId: 'c-2',
  primaryClinicianName: 'Mark Lee',
  appntStart: '2026-11-21T22:00:00.000Z',
  appntEnd: null,
  bookingStatus: 'BOOKED_CONFIRMED',
});
const pacificDay = { view: 'day', date: '2026-11-21', location: 'ALL', type: 'ALL', clinician: null, timeZone: 'PACIFIC' };

/** The dataProvider on msw, with the clinician profile a test gives. */
const withProfile = (o: Pick<PortalDataProvider, 'getClinicianProfile'>): PortalDataProvider => ({ ...createDataProvider(testApiFetch()), ...o });

/** The shown day is in the URL (so Back returns to it), never in local storage (a new visit opens today). */
function openCalendar(saved: object = pacificDay, date = '2026-11-21') {
  localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify(saved));
  const dataProvider = withProfile({ getClinicianProfile: vi.fn(async () => clinicianProfile({ timezone: 'America/Denver' })) });
  return renderBookingScreen(<BookingCalendarPage />, { dataProvider, initialEntries: [`/booking-calendar?date=${date}`] });
}

const eventOf = (id: string) => (document.querySelector(`[data-booking-id="${id}"]`)?.closest('.rbc-event') ?? null) as HTMLElement | null;
const labelOf = (id: string) => eventOf(id)?.querySelector('.rbc-event-label')?.textContent;

async function choose(select: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Booking calendar', () => {
  it('loads the visible range only (the day view: one day more on each side) and shows the events in the chosen zone', async () => {
    const queries = answerCalendar(rows);
    openCalendar();
    await waitFor(() => expect(eventOf('BK1')).not.toBeNull());
    expect(queries[0]).toEqual({ from: '2026-11-20T08:00:00.000Z', to: '2026-11-23T08:00:00.000Z', location: 'ALL', type: 'ALL', view: 'events' });
    expect(labelOf('BK1')).toBe('10:00 AM – 10:30 AM');
    expect(labelOf('BK2')).toBe('12:00 PM – 12:30 PM'); // no end: 30 minutes
    expect(eventOf('BK1')?.style.border).toContain('rgb(0, 200, 83)'); // mine: green
    expect(eventOf('BK2')?.style.border).toContain('rgb(255, 171, 0)'); // others: amber
    expect(screen.getByText('Pending confirmation')).toBeInTheDocument(); // the legend
    expect(screen.getByText('Mine (green border)')).toBeInTheDocument();
    // every time labelled: the calendar's zone, and each booking's own time in its zone
    // The zone's label is today's abbreviation (PDT in summer), whatever day is shown.
    expect(screen.getByText(/^Times shown in Pacific \((PST|PDT)\)$/)).toBeInTheDocument();
    expect(eventOf('BK1')).toHaveTextContent('10:00 AM PST');
  });

  it('does not read a clinician profile for staff', async () => {
    answerCalendar(rows);
    localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify(pacificDay));
    const getClinicianProfile = vi.fn(async () => clinicianProfile({ timezone: 'America/Denver' }));
    renderBookingScreen(<BookingCalendarPage />, {
      dataProvider: withProfile({ getClinicianProfile }),
      initialEntries: ['/booking-calendar?date=2026-11-21'],
      authProvider: fakeAuthProvider({ groups: ['staff'] }),
    });
    await waitFor(() => expect(eventOf('BK1')).not.toBeNull());
    expect(getClinicianProfile).not.toHaveBeenCalled();
  });

  it('lays overlapping events side by side, so every actions button can be reached', async () => {
    const same = [bookingRow('BK1'), bookingRow('BK4', { name: 'Di Fox' }), bookingRow('BK5', { name: 'Ed Gill' })];
    answerCalendar(same);
    openCalendar();
    await waitFor(() => expect(eventOf('BK5')).not.toBeNull());
    const pct = (css: string) => Number(/calc\(([\d.]+)%/.exec(css)?.[1] ?? css.replace('%', ''));
    const boxes = ['BK1', 'BK4', 'BK5']
      .map((id) => {
        const st = (eventOf(id) as HTMLElement).style;
        return { left: pct(st.left), right: pct(st.left) + pct(st.width) };
      })
      .sort((a, b) => a.left - b.left);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThanOrEqual(boxes[i - 1].right - 0.01);
    for (const name of ['Ann Lee', 'Di Fox', 'Ed Gill']) expect(screen.getByTitle(`Booking actions for ${name}`)).toBeInTheDocument();
  });

  it('keeps an appointment ending at midnight in the time grid of its day', async () => {
    answerCalendar([bookingRow('BK6', { appntStart: '2026-11-22T07:30:00.000Z', appntEnd: '2026-11-22T08:00:00.000Z' })]); // 23:30-00:00 Pacific
    openCalendar();
    await waitFor(() => expect(eventOf('BK6')).not.toBeNull());
    expect(eventOf('BK6')?.closest('.rbc-time-content')).not.toBeNull();
    expect(labelOf('BK6')).toBe('11:30 PM – 11:59 PM');
  });

  it('keeps an appointment across midnight in the time grid of the day it starts (not in the all-day row)', async () => {
    answerCalendar([bookingRow('BK7', { appntStart: '2026-11-22T07:45:00.000Z', appntEnd: '2026-11-22T08:15:00.000Z' })]); // 23:45-00:15 Pacific
    openCalendar();
    await waitFor(() => expect(eventOf('BK7')).not.toBeNull());
    expect(eventOf('BK7')?.closest('.rbc-time-content')).not.toBeNull();
    expect(document.querySelector('.rbc-allday-cell [data-booking-id="BK7"]')).toBeNull();
  });

  it('agenda: the date cell keeps the table colours (not the first event\'s status colour) and times read "10:00 AM"', async () => {
    answerCalendar(rows);
    openCalendar({ ...pacificDay, view: 'agenda' });
    await waitFor(() => expect(document.querySelector('.rbc-agenda-date-cell')).not.toBeNull());
    const dateCell = document.querySelector('.rbc-agenda-date-cell') as HTMLElement;
    const row = dateCell.closest('tr') as HTMLElement;
    expect(row.style.backgroundColor).not.toBe(''); // the event's status colour is on its row
    expect(getComputedStyle(dateCell).backgroundColor).toBe('rgb(255, 255, 255)');
    const times = [...document.querySelectorAll('.rbc-agenda-time-cell')].map((c) => c.textContent);
    expect(times[0]).toMatch(/^10:00 AM/);
  });

  it("dark theme: the toolbar buttons and the agenda cells take the theme's text and paper colours, not the library's light ones", async () => {
    answerCalendar(rows);
    // the library's own stylesheet, as the browser has it (light toolbar text #373a3c), which the page must override
    const libraryCss = document.head.appendChild(document.createElement('style'));
    libraryCss.textContent = readFileSync(createRequire(import.meta.url).resolve('react-big-calendar/lib/css/react-big-calendar.css'), 'utf8');
    onTestFinished(() => libraryCss.remove());
    localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify({ ...pacificDay, view: 'agenda' }));
    const dataProvider = withProfile({ getClinicianProfile: vi.fn(async () => clinicianProfile({ timezone: 'America/Denver' })) });
    const dark = createTheme(portalDarkTheme);
    renderBookingScreen(
      <ThemeProvider theme={dark}>
        <BookingCalendarPage />
      </ThemeProvider>,
      { dataProvider, initialEntries: ['/booking-calendar?date=2026-11-21'] },
    );
    await waitFor(() => expect(document.querySelector('.rbc-agenda-date-cell')).not.toBeNull());
    const white = 'rgb(255, 255, 255)';
    expect(dark.palette.text.primary).toBe('#fff');
    const buttons = [...document.querySelectorAll<HTMLElement>('.rbc-toolbar button')];
    expect(buttons.length).toBeGreaterThan(3);
    for (const b of buttons) expect(getComputedStyle(b).color, b.textContent ?? '').toBe(white);
    const dateCell = document.querySelector('.rbc-agenda-date-cell') as HTMLElement;
    expect(getComputedStyle(dateCell).color).toBe(white);
    expect(getComputedStyle(dateCell).backgroundColor).not.toBe(white);
  });

  it('moves the events when the time zone changes, and says so', async () => {
    answerCalendar(rows);
    openCalendar();
    await waitFor(() => expect(labelOf('BK1')).toBe('10:00 AM – 10:30 AM'));
    await choose('Timezone', 'Eastern');
    expect(await screen.findByText('Timezone changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(labelOf('BK1')).toBe('1:00 PM – 1:30 PM'));
    await choose('Timezone', 'My time zone (America/Denver)');
    await waitFor(() => expect(labelOf('BK1')).toBe('11:00 AM – 11:30 AM'));
  });

  it('keeps the view and the filters in local storage and restores them', async () => {
    const queries = answerCalendar(rows);
    openCalendar();
    await waitFor(() => expect(eventOf('BK1')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await choose('Location', 'Care Hub Denver');
    await choose('Type', 'Unassigned');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        from: '2026-11-15T08:00:00.000Z',
        to: '2026-11-22T08:00:00.000Z',
        location: 'DENVER_CAREHUB_01',
        type: 'UNASSIGNED',
        view: 'events',
      }),
    );
    await choose('Name', 'Mark Lee');
    // the shown day is not kept: a new visit opens today
    expect(loadCalendarState()).toEqual({
      view: 'week',
      date: null,
      location: 'DENVER_CAREHUB_01',
      type: 'UNASSIGNED',
      clinician: { id: 'c-2', name: 'Mark Lee' },
      timeZone: 'PACIFIC',
    });
    cleanup();

    renderBookingScreen(<BookingCalendarPage />, { initialEntries: ['/booking-calendar?date=2026-11-21'] }); // a reload
    await waitFor(() => expect(screen.getByRole('button', { name: 'Week' })).toHaveClass('rbc-active'));
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('Care Hub Denver');
    expect(screen.getByRole('combobox', { name: 'Name' })).toHaveTextContent('Mark Lee');
    await waitFor(() => expect(eventOf('BK2')).not.toBeNull());
    expect(eventOf('BK1')).toBeNull(); // the name filter: only Mark Lee's bookings
  });

  it('opens the booking details in a new tab on a click on an event', async () => {
    answerCalendar(rows);
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    openCalendar();
    await waitFor(() => expect(eventOf('BK1')).not.toBeNull());
    fireEvent.click(eventOf('BK1') as HTMLElement);
    expect(open).toHaveBeenCalledWith('/BookingDetails?bookingId=BK1', '_blank');
  });

  it('assigns a booking to the user from its actions, then opens its details', async () => {
    answerCalendar([...rows, other]);
    const assigned: unknown[] = [];
    server.use(
      http.patch(`${BASE}${BOOKING_API}/assignToMe/BK3`, async ({ request }) => {
        assigned.push(await request.json());
        return HttpResponse.json({ id: 'BK3', primaryClinicianId: 'sub-1' });
      }),
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    openCalendar();
    await waitFor(() => expect(eventOf('BK2')).not.toBeNull());
    fireEvent.click(screen.getByTitle('Booking actions for Bo Ray'));
    expect(open).not.toHaveBeenCalled();
    const menu = await screen.findByRole('menu', { name: 'Booking actions for Bo Ray' });
    expect(within(menu).getByRole('menuitem', { name: /Update status/ })).toHaveAttribute('aria-disabled', 'true');
    // status, reschedule and re-assign: a final booking is never re-assigned (the shared assign rule)
    expect(within(menu).getAllByText('Action not permitted. Booking reached terminal status: CANCELLED')).toHaveLength(3);
    expect(within(menu).getByRole('menuitem', { name: /Re-assign to me/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByTitle('Booking actions for Cy Poe'));
    const menu3 = await screen.findByRole('menu', { name: 'Booking actions for Cy Poe' });
    await act(async () => fireEvent.click(within(menu3).getByRole('menuitem', { name: 'Re-assign to me' })));
    expect(await screen.findByText('Booking assigned to you,navigating to detail page')).toBeInTheDocument();
    expect(assigned).toEqual([{ expectedClinicianId: 'c-2' }]);
    expect(open).toHaveBeenCalledWith('/BookingDetails?bookingId=BK3', '_blank');
  });

  it('reschedule opens the embedded scheduling widget in a modal (no new tab) and refreshes the calendar when it closes', async () => {
    const queries = answerCalendar(rows);
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    openCalendar();
    await waitFor(() => expect(eventOf('BK1')).not.toBeNull());
    fireEvent.click(screen.getByTitle('Booking actions for Ann Lee'));
    const item = await screen.findByRole('menuitem', { name: 'Reschedule' }); // enabled once /config.json is read
    await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    const frame = within(dialog).getByTitle('Scheduling widget for Ann Lee');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://book.example.com/choose-slot?id=BK1&actor=Jane+Doe&actorType=CL');
    expect(frame.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-forms', 'allow-same-origin', 'allow-scripts']);
    expect(open).not.toHaveBeenCalled();
    const before = queries.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it('shows why assigning failed (the actions opened by keyboard)', async () => {
    answerCalendar([...rows, other]);
    server.use(
      http.patch(`${BASE}${BOOKING_API}/assignToMe/BK3`, () =>
        HttpResponse.json({ msg: 'Conflict', reason: 'the booking was assigned to another clinician meanwhile' }, { status: 409 }),
      ),
    );
    openCalendar();
    await waitFor(() => expect(eventOf('BK3')).not.toBeNull());
    // by keyboard: 'a' on the focused event opens its actions (the pointer's actions icon is out of the tab order)
    fireEvent.keyDown(eventOf('BK3')!, { key: 'a' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Re-assign to me' }));
    expect(
      await screen.findByText('Failed to assign booking to you. Reason: the booking was assigned to another clinician meanwhile'),
    ).toBeInTheDocument();
  });
});
