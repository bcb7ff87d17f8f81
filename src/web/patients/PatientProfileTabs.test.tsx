// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import type { ProfileBooking, ProfileKit } from '../../domain/patients/patient-profile';
import { AppointmentTab } from './AppointmentTab';
import { BasicDetailsCard } from './BasicDetailsCard';
import { KitTab } from './KitTab';
import { HistoryTab } from './ProfileTabs';
import { BASE, PATIENT_ID, patientDetail, patientMswServer, renderPatientScreen } from '../test-utils/patientFixtures';
import { PatientProfilePage } from './PatientProfilePage';

vi.setConfig({ testTimeout: 20_000 });
const saved = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../providers/saveBlob', () => saved);
const server = patientMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Basic details card', () => {
  it('edits with the option lists; an invalid zip is refused on the form; a save sends no e-mail and reloads', async () => {
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.put(`${BASE}/secure/patient/${PATIENT_ID}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        return HttpResponse.json(patientDetail({ preferredName: body.preferredName as string }));
      }),
    );
    const onSaved = vi.fn();
    renderPatientScreen(<BasicDetailsCard patient={patientDetail()} onSaved={onSaved} />, { groups: ['staff'] });
    expect(screen.getByText('Black or African-American')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: PATIENTS_TEXT.profile.edit }));
    expect(screen.getByLabelText(PATIENTS_TEXT.profile.fields.email)).toBeDisabled();
    fireEvent.mouseDown(screen.getByLabelText(PATIENTS_TEXT.profile.fields.pronoun));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent?.trim())
      .filter(Boolean);
    expect(options).toEqual([
      'She/her/hers',
      'He/him/his',
      'They/them/theirs',
      'Ze/hir/hirs',
      'No pronoun',
      'No preference',
      'Not listed',
      'I prefer not to say',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'They/them/theirs' }));
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.profile.fields.postal_code), { target: { value: '8910' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.profile.save }));
    expect(await screen.findByText(PATIENTS_TEXT.profile.zip)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.profile.fields.postal_code), { target: { value: '89104-1234' } });
    fireEvent.change(screen.getByLabelText(PATIENTS_TEXT.profile.fields.preferredName), { target: { value: 'Nan' } });
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.profile.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts[0]).toMatchObject({ preferredName: 'Nan', pronoun: 'They/them/theirs', address: { postal_code: '89104-1234' } });
    expect(puts[0]).not.toHaveProperty('email');
  });
  it('auditors only view', () => {
    renderPatientScreen(<BasicDetailsCard patient={patientDetail()} />, { groups: ['auditor_read_only'] });
    return waitFor(() => expect(screen.queryByRole('button', { name: PATIENTS_TEXT.profile.edit })).not.toBeInTheDocument());
  });
});

const kit = (kitId: string, kitStatus: string, o: Partial<ProfileKit> = {}): ProfileKit => ({
  id: kitId,
  kitId,
  kitStatus,
  clinicianId: null,
  clinician: null,
  registrationDateTime: '2026-03-04T10:00:00Z',
  patientId: PATIENT_ID,
  productName: '5-Panel STD Test',
  hasResult: true,
  ...o,
});

describe('Kit Detail tab', () => {
  it('All Orders, Active and Previous Kits by group, empty states, and a result panel loaded only on expand', async () => {
    const groups: string[] = [];
    const results: string[] = [];
    server.use(
      http.get(`${BASE}/secure/patient/orders`, () => HttpResponse.json({ items: [], total: 0 })),
      http.get(`${BASE}/secure/patient/kits`, ({ request }) => {
        const g = new URL(request.url).searchParams.get('group')!;
        groups.push(g);
        return HttpResponse.json(g === 'previous' ? { items: [], total: 0 } : { items: [kit('KT0000006', 'REPORT_READY')], total: 1 });
      }),
      http.get(`${BASE}/secure/patient/kits/:kitId/result`, ({ params }) => {
        results.push(String(params.kitId));
        return HttpResponse.json({
          kitId: params.kitId,
          productName: '5-Panel STD Test',
          createDateTime: null,
          results: [{ testName: 'HIV-1/2 Ag/Ab', result: 'Non-Reactive' }],
        });
      }),
    );
    renderPatientScreen(<KitTab patient={patientDetail()} />);
    expect(await screen.findByText(PATIENTS_TEXT.kits.noOrders)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.previous }));
    expect(await screen.findByText(PATIENTS_TEXT.kits.noPrevious)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.active }));
    expect(await screen.findByText('KT0000006')).toBeInTheDocument();
    expect(screen.getByText('Report Ready')).toBeInTheDocument();
    expect(groups).toEqual(['previous', 'active']);
    expect(results).toHaveLength(0);
    fireEvent.click(within(screen.getByText('KT0000006').closest('tr')!).getAllByLabelText('Expand')[0]);
    expect(await screen.findByText('Non-Reactive')).toBeInTheDocument();
    expect(results).toEqual(['KT0000006']);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByRole('button', { name: `${PATIENTS_TEXT.kits.openKit} KT0000006` }));
    expect(open).toHaveBeenCalledWith('/KitDetails?kitId=KT0000006', '_blank');
    open.mockRestore();
  });
});

const booking = (id: string): ProfileBooking => ({
  id,
  appntStart: '2030-03-05T17:00:00Z',
  appntEnd: '2030-03-05T17:30:00Z',
  products: [{ name: 'STI Panel' }],
  primaryClinicianId: null,
  primaryClinicianName: 'Jane Doe',
  status: 'BOOKED_CONFIRMED',
  careType: 'TELEMED_CONSULT',
  careLocation: 'ONLINE',
  timezone: 'America/Los_Angeles',
});

describe('Appointment tab', () => {
  it('Upcoming and Past with their empty states; a booking opens in a new tab; the reminder needs the patient first name', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/bookings`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('when') === 'upcoming' ? { items: [booking('BK000001')], total: 1 } : { items: [], total: 0 },
        ),
      ),
      http.get(`${BASE}/secure/clinician/profile`, () =>
        HttpResponse.json({ id: 'c', email: 'jane@tbd.test', firstName: 'Jane', lastName: 'Doe', calendarLink: 'https://cal.example/jane' }),
      ),
    );
    renderPatientScreen(<AppointmentTab patient={patientDetail({ firstName: '' })} />);
    const row = (await screen.findByText('Jane Doe')).closest('tr')!;
    expect(within(row).getByText("5 Mar '30")).toBeInTheDocument();
    expect(within(row).getByText('9:00 am')).toBeInTheDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    fireEvent.click(row);
    expect(open).toHaveBeenCalledWith('/BookingDetails?bookingId=BK000001', '_blank');
    open.mockRestore();
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.appointment.past }));
    expect(await screen.findByText(PATIENTS_TEXT.appointment.noPast)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: PATIENTS_TEXT.appointment.followUp }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Vegas', 'Denver', 'Reminder']);
    await new Promise((r) => setTimeout(r, 300));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reminder' }));
    expect(await screen.findByText(PATIENTS_TEXT.appointment.patientDetailsMissing)).toBeInTheDocument();
  });
});

/** The spec's tables (spec 3 §9): the body is at most 630 px high and scrolls inside. */
const bodyCap = (cell: HTMLElement) => getComputedStyle(cell.closest('.RaDataTable-tableWrapper') as HTMLElement).maxHeight;

describe('profile lists: 630 px body', () => {
  it('Kit Detail (orders and kits), Appointment and History cap their table body at 630 px', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/orders`, () =>
        HttpResponse.json({
          items: [
            {
              id: 'ORD-1',
              kitId: 'KT1',
              line_item: { name: 'Panel' },
              fulfillmentStatus: 'PENDING_SHIPMENT',
              vendor: 'LABCORP',
              outboundTrackingUrl: null,
              inboundTrackingUrl: null,
              createdAt: '2026-03-04T10:00:00Z',
            },
          ],
          total: 1,
        }),
      ),
      http.get(`${BASE}/secure/patient/kits`, () => HttpResponse.json({ items: [kit('KT0000006', 'KIT_REGISTERED')], total: 1 })),
      http.get(`${BASE}/secure/patient/bookings`, () => HttpResponse.json({ items: [booking('BK000001')], total: 1 })),
      http.get(`${BASE}/secure/clinician/profile`, () =>
        HttpResponse.json({ id: 'c', email: 'jane@tbd.test', firstName: 'Jane', lastName: 'Doe', calendarLink: null }),
      ),
      http.get(`${BASE}/secure/patient/events`, () =>
        HttpResponse.json({
          items: [
            { id: 'e1', created: '2026-03-04T10:00:00Z', entityType: 'KIT', entityId: 'KT1', eventType: 'KIT_REGISTERED', actorType: 'PATIENT' },
          ],
          total: 1,
        }),
      ),
    );
    const { unmount } = renderPatientScreen(<KitTab patient={patientDetail()} />);
    expect(bodyCap(await screen.findByText('ORD-1'))).toBe('630px');
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.active }));
    expect(bodyCap(await screen.findByText('KT0000006'))).toBe('630px');
    unmount();
    const appt = renderPatientScreen(<AppointmentTab patient={patientDetail()} />);
    expect(bodyCap(await screen.findByText('Jane Doe'))).toBe('630px');
    appt.unmount();
    renderPatientScreen(<HistoryTab patient={patientDetail()} />);
    expect(bodyCap(await screen.findByText('Kit Registered'))).toBe('630px');
  });
});

describe('profile lists: full export', () => {
  it("Export sends the list's whole filter (patient, vendor or group) to the server's CSV export and saves the file", async () => {
    const exports: string[] = [];
    server.use(
      http.get(`${BASE}/secure/patient/orders`, () =>
        HttpResponse.json({
          items: [
            {
              id: 'ORD-1',
              kitId: 'KT1',
              line_item: { name: 'Panel' },
              fulfillmentStatus: 'PENDING_SHIPMENT',
              vendor: 'LABCORP',
              outboundTrackingUrl: null,
              inboundTrackingUrl: null,
              createdAt: '2026-03-04T10:00:00Z',
            },
          ],
          total: 1,
        }),
      ),
      http.get(`${BASE}/secure/patient/kits`, () => HttpResponse.json({ items: [kit('KT0000006', 'KIT_REGISTERED')], total: 1 })),
      http.get(`${BASE}/secure/patient/:list/export`, ({ request, params }) => {
        exports.push(`${String(params.list)}?${new URL(request.url).searchParams}`);
        return new HttpResponse('Order ID\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    renderPatientScreen(<KitTab patient={patientDetail()} />);
    await screen.findByText('ORD-1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved.saveBlob).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.active }));
    await screen.findByText('KT0000006');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved.saveBlob).toHaveBeenCalledTimes(2));
    expect(exports.map((e) => new URLSearchParams(e.split('?')[1]).get('patientId'))).toEqual([PATIENT_ID, PATIENT_ID]);
    expect(exports[0]).toMatch(/^orders\?.*vendor=LABCORP/);
    expect(exports[1]).toMatch(/^kits\?.*group=active/);
  });
});

describe('Patient profile page', () => {
  it('a patient outside the scope (404) says the account is not found; the tab follows the view parameter', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () =>
        HttpResponse.json({ msg: 'Not found', reason: 'no such patient' }, { status: 404 }),
      ),
    );
    renderPatientScreen(<PatientProfilePage />, { initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}&idType=sub`] });
    expect(await screen.findByText(PATIENTS_TEXT.profile.notFound)).toBeInTheDocument();
  });
  it("view=kit-detail&viewId=<kitId> opens the Kit Detail tab with that kit's result panel expanded", async () => {
    const results: string[] = [];
    server.use(
      http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () => HttpResponse.json(patientDetail())),
      http.get(`${BASE}/secure/patient/kits`, ({ request }) => {
        const g = new URL(request.url).searchParams.get('group');
        const all = [kit('KT0000006', 'REPORT_READY'), kit('KT0000007', 'REGISTERED'), kit('KT0000008', 'COMPLETE')];
        const items = all.filter((k) => g === 'all' || (g === 'active' ? k.kitStatus !== 'COMPLETE' : k.kitStatus !== 'REGISTERED'));
        return HttpResponse.json({ items, total: items.length });
      }),
      http.get(`${BASE}/secure/patient/kits/:kitId/result`, ({ params }) => {
        results.push(String(params.kitId));
        return HttpResponse.json({
          kitId: params.kitId,
          productName: '5-Panel STD Test',
          createDateTime: null,
          results: [{ testName: 'HIV-1/2 Ag/Ab', result: 'Non-Reactive' }],
        });
      }),
    );
    renderPatientScreen(<PatientProfilePage />, {
      initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}&idType=sub&view=kit-detail&viewId=KT0000006`],
    });
    expect(await screen.findByText('Non-Reactive')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kit Detail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.active })).toHaveAttribute('aria-selected', 'true');
    expect(results).toEqual(['KT0000006']);
  });
  it('a COMPLETE kit named by viewId opens under Previous Kits, expanded', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () => HttpResponse.json(patientDetail())),
      http.get(`${BASE}/secure/patient/kits`, ({ request }) => {
        const g = new URL(request.url).searchParams.get('group');
        return HttpResponse.json(g === 'active' ? { items: [], total: 0 } : { items: [kit('KT0000008', 'COMPLETE')], total: 1 });
      }),
      http.get(`${BASE}/secure/patient/kits/:kitId/result`, ({ params }) =>
        HttpResponse.json({
          kitId: params.kitId,
          productName: '5-Panel STD Test',
          createDateTime: null,
          results: [{ testName: 'Syphilis', result: 'Reactive' }],
        }),
      ),
    );
    renderPatientScreen(<PatientProfilePage />, {
      initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}&idType=sub&view=kit-detail&viewId=KT0000008`],
    });
    expect(await screen.findByText('Reactive')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: PATIENTS_TEXT.kits.previous })).toHaveAttribute('aria-selected', 'true');
  });
  it('staff see the Health Status tab without clinical fields', async () => {
    const { allergies, symptoms, medication, ...operational } = patientDetail();
    void allergies;
    void symptoms;
    void medication;
    server.use(http.get(`${BASE}/secure/patient/detailsBySubId/${PATIENT_ID}`, () => HttpResponse.json(operational)));
    renderPatientScreen(<PatientProfilePage />, {
      groups: ['staff'],
      initialEntries: [`/PatientProfile?patientId=${PATIENT_ID}&idType=sub&view=health-status`],
    });
    expect(await screen.findByText(PATIENTS_TEXT.health.noClinicalAccess)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Health Status' })).toHaveAttribute('aria-selected', 'true');
  });
});
