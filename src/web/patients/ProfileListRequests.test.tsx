// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENTS_TEXT } from '../../domain/i18n/en/patients';
import { AppointmentTab } from './AppointmentTab';
import { KitTab } from './KitTab';
import { HistoryTab } from './ProfileTabs';
import { BASE, PATIENT_ID, patientDetail, patientMswServer, renderPatientScreen } from '../test-utils/patientFixtures';

vi.setConfig({ testTimeout: 20_000 });
const server = patientMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Records the query of every request to a profile list and answers it empty. */
function recordLists() {
  const asked: Record<string, URLSearchParams[]> = {};
  const list = (name: string) =>
    http.get(`${BASE}/secure/patient/${name}`, ({ request }) => {
      (asked[name] ??= []).push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [], total: 0 });
    });
  server.use(
    list('orders'),
    list('kits'),
    list('bookings'),
    list('events'),
    http.get(`${BASE}/secure/clinician/profile`, () =>
      HttpResponse.json({ id: 'c', email: 'jane@tbd.test', firstName: 'Jane', lastName: 'Doe', calendarLink: null }),
    ),
  );
  return asked;
}

describe('profile lists show statuses as labels (spec 3 §4)', () => {
  it('a past appointment reads "Pt Rescheduled Confirmed", not the status code', async () => {
    server.use(
      http.get(`${BASE}/secure/patient/bookings`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('when') === 'past'
            ? {
                items: [
                  {
                    id: 'BK000002',
                    appntStart: '2026-03-05T17:00:00Z',
                    appntEnd: '2026-03-05T17:30:00Z',
                    products: [],
                    primaryClinicianId: null,
                    primaryClinicianName: 'Jane Doe',
                    status: 'PT_RESCHEDULED_CONFIRMED',
                    careType: 'TELEMED_CONSULT',
                    careLocation: 'ONLINE',
                    timezone: 'America/Los_Angeles',
                  },
                ],
                total: 1,
              }
            : { items: [], total: 0 },
        ),
      ),
      http.get(`${BASE}/secure/clinician/profile`, () =>
        HttpResponse.json({ id: 'c', email: 'jane@tbd.test', firstName: 'Jane', lastName: 'Doe', calendarLink: null }),
      ),
    );
    renderPatientScreen(<AppointmentTab patient={patientDetail()} />);
    fireEvent.click(await screen.findByRole('tab', { name: PATIENTS_TEXT.appointment.past }));
    const row = (await screen.findByText('Jane Doe')).closest('tr')!;
    expect(within(row).getByText('Pt Rescheduled Confirmed')).toBeInTheDocument();
    expect(within(row).queryByText('PT_RESCHEDULED_CONFIRMED')).not.toBeInTheDocument();
  });
});

describe('profile lists ask the server for the spec 3 rows', () => {
  it("All Orders asks for the lab vendor's orders only (LABCORP, spec 3 §7), 100 a page", async () => {
    const asked = recordLists();
    renderPatientScreen(<KitTab patient={patientDetail()} />);
    expect(await screen.findByText(PATIENTS_TEXT.kits.noOrders)).toBeInTheDocument();
    const orders = asked.orders.at(-1)!;
    expect([orders.get('patientId'), orders.get('vendor'), orders.get('perPage')]).toEqual([PATIENT_ID, 'LABCORP', '100']);
  });

  it('Kits, Appointment and History page 100 rows (spec 3 §9)', async () => {
    const asked = recordLists();
    const kits = renderPatientScreen(<KitTab patient={patientDetail()} />);
    fireEvent.click(await screen.findByRole('tab', { name: PATIENTS_TEXT.kits.active }));
    expect(await screen.findByText(PATIENTS_TEXT.kits.noActive)).toBeInTheDocument();
    kits.unmount();
    const appointments = renderPatientScreen(<AppointmentTab patient={patientDetail()} />);
    expect(await screen.findByText(PATIENTS_TEXT.appointment.noUpcoming)).toBeInTheDocument();
    appointments.unmount();
    renderPatientScreen(<HistoryTab patient={patientDetail()} />);
    await screen.findByText(PATIENTS_TEXT.history.none);
    for (const name of ['kits', 'bookings', 'events']) expect(asked[name].at(-1)!.get('perPage'), name).toBe('100');
  });

  it('the pager offers 50, 100, 200 and 500 rows a page', async () => {
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
    );
    renderPatientScreen(<KitTab patient={patientDetail()} />);
    await screen.findByText('ORD-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['50', '100', '200', '500']);
  });
});
