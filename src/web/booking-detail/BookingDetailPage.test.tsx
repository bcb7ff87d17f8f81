// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { BASE } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import BookingDetailPage from './BookingDetailPage';
import { testQueryClient } from '../test-utils/adminTestContext';
import { answerDetail, detailServer, detail, orderSummary, renderDetail } from '../test-utils/bookingDetailFixtures';

const server = detailServer();

const actionList = async () => within(await screen.findByRole('list', { name: 'Select Action' }));
const nowEpoch = () => Math.floor(Date.now() / 1000);

describe('Booking detail screen', () => {
  it('shows the booking with the spec defaults, and "No booking found" for an unknown id', async () => {
    answerDetail(server, detail());
    const { unmount } = renderDetail(<BookingDetailPage />);
    expect(screen.getByText('Loading booking…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByText('Allergies').nextSibling).toHaveTextContent('NONE');
    expect(screen.getByText('Pronoun').nextSibling).toHaveTextContent('NA');
    expect(screen.getByText('Medications').nextSibling).toHaveTextContent('unknown');
    expect(screen.getByText('Customer Notes').nextSibling).toHaveTextContent('NONE');
    expect(screen.getByText('Booked At').nextSibling).toHaveTextContent('Nov 18, 2026 10:00 AM PST'); // in the booking zone, labelled
    unmount();
    answerDetail(server, null);
    renderDetail(<BookingDetailPage />);
    expect(await screen.findByText('No booking found for this id')).toBeInTheDocument();
  });

  it('a booking outside the licence states (404): a clinician breaks the glass by the booking id, and the booking opens', async () => {
    answerDetail(server, null);
    const posts: unknown[] = [];
    server.use(
      http.get(`${BASE}/secure/breakGlass/mine`, () => HttpResponse.json({ items: [], minutes: 60 })),
      http.post(`${BASE}/secure/breakGlass`, async ({ request }) => {
        posts.push(await request.json());
        answerDetail(server, detail());
        return HttpResponse.json(
          {
            id: '22222222-2222-4222-8222-222222222222',
            patientId: '33333333-3333-4333-8333-333333333333',
            startedAt: '2099-01-01T11:00:00.000Z',
            expiresAt: '2099-01-01T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    renderDetail(<BookingDetailPage />);
    expect(await screen.findByText('No booking found for this id')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(BREAK_GLASS_TEXTS.reasonLabel)), { target: { value: 'Overdose' } });
    fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
    expect(await screen.findByRole('heading', { name: 'Ann Lee' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(posts).toEqual([{ bookingId: 'BK1', reason: 'Overdose' }]);
  });

  it('opened from Find Appointments: the list row in the record cache shows as loading, then the booking (no crash)', async () => {
    answerDetail(server, detail());
    const queryClient = testQueryClient();
    // What react-admin's list does with its rows: each becomes the getOne record of its id until the detail answers.
    queryClient.setQueryData(['bookings', 'getOne', { id: 'BK1', meta: undefined }], {
      id: 'BK1',
      bookingStatus: 'PT_BOOKED',
      firstName: 'Ann',
      lastName: 'Lee',
      appntStart: '2026-11-18T18:00:00.000Z',
      masked: false,
    });
    renderDetail(<BookingDetailPage />, ['clinicians'], undefined, queryClient);
    expect(screen.getByText('Loading booking…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByText('Timeline')).toBeInTheDocument();
  });

  it('opened from the list as support staff: the answer without clinical fields is the detail, fetched once', async () => {
    const { clinicalNotes: _, ...forStaff } = detail();
    let gets = 0;
    server.use(
      http.get(`${BASE}${BOOKING_API}/get/BK1`, () => {
        gets += 1;
        return HttpResponse.json(forStaff);
      }),
    );
    const queryClient = testQueryClient();
    queryClient.setQueryData(['bookings', 'getOne', { id: 'BK1', meta: undefined }], { id: 'BK1', firstName: 'Ann', lastName: 'Lee', masked: false });
    renderDetail(<BookingDetailPage />, ['staff'], undefined, queryClient);
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(gets).toBe(1);
  });

  it('says why loading failed when the server errs', async () => {
    answerDetail(server, detail());
    server.use(http.get(`${BASE}${BOOKING_API}/get/BK1`, () => HttpResponse.json({ msg: 'Server error', reason: 'database down' }, { status: 500 })));
    renderDetail(<BookingDetailPage />);
    expect(
      await screen.findByText('failed loading message details,cause: Server error.Reason: database down.Please try again with refresh'),
    ).toBeInTheDocument();
  });

  it.each([
    [{ isAssignedToMe: false, isUnAssigned: true, primaryClinicianId: null }, 'Assign to me', true],
    [{ isAssignedToMe: false, isUnAssigned: false, primaryClinicianId: 'c-2' }, 'Re-assign to me', true],
    [{ isAssignedToMe: true }, 'Assigned to you', false],
    [{ isAssignedToMe: false, isUnAssigned: true, isReadOnly: true, readOnlyReason: 'read only' }, 'Assign to me', false],
    [
      { isAssignedToMe: false, isUnAssigned: true, hasWriteAccessToClinicalData: false, restrictClinicalDataAccessReason: 'no TX licence' },
      'Assign to me',
      false,
    ],
  ] as const)('assign button %j: "%s", enabled %s', async (o, label, enabled) => {
    answerDetail(server, detail(o));
    renderDetail(<BookingDetailPage />);
    const button = await screen.findByRole('button', { name: label });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  });

  it('assigns with the clinician the user saw and says so', async () => {
    const writes = answerDetail(server, detail({ isAssignedToMe: false, isUnAssigned: false, primaryClinicianId: 'c-2' }));
    renderDetail(<BookingDetailPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Re-assign to me' }));
    expect(await screen.findByText('Booking assigned to you')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PATCH', path: '/secure/booking/v1/assignToMe/BK1', body: { expectedClinicianId: 'c-2' } }]);
  });

  it.each([
    [[], '0%', 'error'],
    [['CREATE_ACC', 'UPLOAD_GOV_ID'], '30%', 'error'],
    [['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE'], '50%', 'warning'],
    [['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE', 'SIGN_WAIVER_CONSENT_FORM', 'IN_TAKE_FORM', 'PAYMENT'], 'Completed', 'success'],
  ] as const)('self check-in %j shows %s in %s', async (steps, label, colour) => {
    answerDetail(server, detail({ selfCheckInCompletedSteps: [...steps] }));
    renderDetail(<BookingDetailPage />);
    expect(await screen.findByTestId('check-in-label')).toHaveTextContent(label);
    expect(screen.getByRole('progressbar', { name: label })).toHaveAttribute('data-colour', colour);
  });

  it('lists the actions numbered; none is left for a later release', async () => {
    answerDetail(server, detail({ bookingStatus: 'BOOKED_CONFIRMED' }));
    renderDetail(<BookingDetailPage />);
    const list = await actionList();
    expect(list.queryByText(/Mark Booking Confirmed/)).toBeNull();
    expect(list.getByRole('button', { name: '1. Cancel Booking [pro active]' })).toBeEnabled();
    // Every flow of the list is built: none is shown disabled as a placeholder.
    expect(list.queryByText(/Not available in this release/)).toBeNull();
    expect(list.getByRole('button', { name: /Lab order request/i })).not.toHaveAttribute('aria-disabled', 'true');
    // Send Prescription opens the prescribing modal for a clinician.
    await waitFor(() => expect(list.getByRole('button', { name: /^9\. Send Prescription/ })).not.toHaveAttribute('aria-disabled', 'true'));
  });

  it('offers staff and operation support no action that can only fail: chart notes and payment are disabled with the reason', async () => {
    const staffView = detail({
      hasReadAccessToClinicalData: false,
      hasWriteAccessToClinicalData: false,
      restrictClinicalDataAccessReason: 'Clinical data is restricted to clinicians and super admins',
    });
    const chartReads: string[] = [];
    answerDetail(server, staffView);
    server.use(
      http.get(`${BASE}/secure/chartNote/*`, ({ request }) => {
        chartReads.push(request.url);
        return HttpResponse.json({ items: [], total: 0 });
      }),
    );
    const { unmount } = renderDetail(<BookingDetailPage />, ['staff']);
    let list = await actionList();
    const charting = list.getByRole('button', { name: /Create Charting Notes/ });
    expect(charting).toHaveAttribute('aria-disabled', 'true');
    expect(charting).toHaveTextContent('Action not permitted. Reason: Clinical notes are written by clinicians and super admins only');
    await waitFor(() => expect(list.getByRole('button', { name: /Enter payment info/ })).not.toHaveAttribute('aria-disabled', 'true'));
    unmount();
    answerDetail(server, staffView);
    renderDetail(<BookingDetailPage />, ['operation_support']);
    list = await actionList();
    const pay = list.getByRole('button', { name: /Enter payment info/ });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toHaveTextContent('Action not permitted. Reason: Product and order data access is required');
    expect(chartReads).toEqual([]);
  });

  it('after an assign conflict the booking is read again and shows the new owner', async () => {
    answerDetail(server, detail());
    let reads = 0;
    server.use(
      http.get(`${BASE}${BOOKING_API}/get/BK1`, () => {
        reads += 1;
        return HttpResponse.json(
          reads === 1
            ? detail({ isAssignedToMe: false, isUnAssigned: true, primaryClinicianId: null, primaryClinicianName: null })
            : detail({ isAssignedToMe: false, isUnAssigned: false, primaryClinicianId: 'c-2', primaryClinicianName: 'Mark Lee' }),
        );
      }),
      http.patch(`${BASE}${BOOKING_API}/assignToMe/BK1`, () =>
        HttpResponse.json({ msg: 'Conflict', reason: 'the booking was assigned to another clinician meanwhile' }, { status: 409 }),
      ),
    );
    renderDetail(<BookingDetailPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(
      await screen.findByText('Failed to assign booking to you. Reason: the booking was assigned to another clinician meanwhile'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Re-assign to me' })).toBeInTheDocument();
  });

  it('self check-in at 50 % is yellow, not orange', async () => {
    answerDetail(server, detail({ selfCheckInCompletedSteps: ['CREATE_ACC', 'UPLOAD_GOV_ID', 'UPLOAD_ID_SELFIE'] }));
    renderDetail(<BookingDetailPage />);
    const bar = await screen.findByRole('progressbar', { name: '50%' });
    expect(getComputedStyle(bar.querySelector('.MuiLinearProgress-bar') as HTMLElement).backgroundColor).toBe('rgb(251, 192, 45)');
  });

  it('no visit summary for a visit that did not take place', async () => {
    answerDetail(server, detail({ bookingStatus: 'CANCELLED_NO_SHOW' }));
    renderDetail(<BookingDetailPage />);
    const summary = (await actionList()).getByRole('button', { name: /Send visit summary to patient/ });
    expect(summary).toHaveAttribute('aria-disabled', 'true');
    expect(summary).toHaveTextContent('Action not permitted. The visit did not take place: CANCELLED_NO_SHOW');
  });

  it('shows the product panels only with product and order data access', async () => {
    answerDetail(server, detail(), orderSummary({ isRequirePayment: true, grossTotalUnpaid: 10 }));
    const { unmount } = renderDetail(<BookingDetailPage />);
    expect(await screen.findByRole('button', { name: 'Collect Payment' })).toBeEnabled();
    unmount();
    answerDetail(server, detail());
    renderDetail(<BookingDetailPage />, ['operation_support']);
    await screen.findByRole('heading', { name: 'Ann Lee' });
    expect(screen.queryByText('Order Summary')).toBeNull();
    expect(screen.queryByText('Clinical/Charting log')).toBeNull();
  });

  it('cancels with a reason inside the 40-minute window (DELETE /cancel)', async () => {
    const writes = answerDetail(server, detail({ appntStartEpochSec: nowEpoch() + 2400 }));
    renderDetail(<BookingDetailPage />);
    fireEvent.click((await actionList()).getByRole('button', { name: '1. Cancel Booking [pro active]' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument(); // not an ambiguous "Cancel"
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Patient asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Booking cancelled successfully')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'DELETE', path: '/secure/booking/v1/cancel/BK1', body: { reasonOrComments: 'Patient asked', isNoShow: false } },
    ]);
  });

  it('beyond 40 minutes pre-marks the no-show and opens the scheduling page in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    const writes = answerDetail(server, detail({ appntStartEpochSec: nowEpoch() + 2500 }));
    renderDetail(<BookingDetailPage />);
    const list = await actionList();
    await waitFor(() => expect(list.getByRole('button', { name: '8. Reschedule' })).toBeEnabled()); // config read
    fireEvent.click(list.getByRole('button', { name: '6. Mark as No Show' }));
    // nothing is sent on a single click: a confirmation says the booking is not changed here
    const dialog = await screen.findByRole('dialog', { name: 'Mark as No Show: more than 40 minutes ahead' });
    expect(dialog).toHaveTextContent('the booking is not marked as No Show here');
    expect(writes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Pre mark No Show recorded. The booking is unchanged until it is finished on the scheduling page.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Booking marked as No Show')).toBeNull();
    expect(writes).toEqual([
      { method: 'POST', path: '/secure/booking/v1/markPreNoShowCancel', body: { bookingId: 'BK1', isNoShow: true, comments: 'Pre mark No Show' } },
    ]);
    expect(open).toHaveBeenCalledWith('https://book.example.com/choose-slot?id=BK1&actor=Jane+Doe&actorType=CL&noShow=true', '_blank');
  });

  it('beyond 40 minutes a refused pre-mark says so with the spec text and claims nothing', async () => {
    answerDetail(server, detail({ appntStartEpochSec: nowEpoch() + 5 * 86_400 }));
    server.use(
      http.post(`${BASE}${BOOKING_API}/markPreNoShowCancel`, () =>
        HttpResponse.json({ msg: 'x', reason: 'The booking is already pre-marked; finish the cancellation on the scheduling page' }, { status: 409 }),
      ),
    );
    renderDetail(<BookingDetailPage />);
    fireEvent.click((await actionList()).getByRole('button', { name: '1. Cancel Booking [pro active]' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel Booking: more than 40 minutes ahead' })).getByRole('button', { name: 'Continue' }),
    );
    expect(await screen.findByText('Failed to cancel booking')).toBeInTheDocument();
    expect(screen.queryByText('Booking cancelled successfully')).toBeNull();
  });

  it('the refresh icon spins for 1 s and re-fetches the booking', async () => {
    answerDetail(server, detail());
    let reads = 0;
    server.use(
      http.get(`${BASE}${BOOKING_API}/get/BK1`, () => {
        reads += 1;
        return HttpResponse.json(detail({ tagOrLabel: reads > 1 ? 'Paid' : null }));
      }),
    );
    renderDetail(<BookingDetailPage />);
    await screen.findByRole('heading', { name: 'Ann Lee' });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    expect(refresh).toHaveAttribute('data-spinning', 'true');
    await new Promise((r) => setTimeout(r, 700));
    expect(refresh).toHaveAttribute('data-spinning', 'true');
    await waitFor(() => expect(refresh).not.toHaveAttribute('data-spinning'), { timeout: 1000 });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('shows the CANCELLED banner', async () => {
    answerDetail(server, detail({ bookingStatus: 'CANCELLED' }));
    renderDetail(<BookingDetailPage />);
    expect(await screen.findByText('This Booking has been CANCELLED')).toBeInTheDocument();
  });
});
