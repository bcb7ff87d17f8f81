import { describe, expect, it } from 'vitest';
import { cardAvailable, DASHBOARD_CARDS, dashboardQuerySchema, showsAttention } from './dashboard';
import { permissionsFor } from '../shared/roles';

describe('dashboard cards', () => {
  it('are the nine of the spec, in order', () => {
    expect(DASHBOARD_CARDS.map((c) => c.title)).toEqual([
      'Unread Messages',
      "Today's Appointment",
      'Rejected Samples',
      'Order Pending Shipment',
      'Test results with no patients',
      'Inconclusive results',
      'Needing review',
      'Pending consultation',
      'Lab Order Pending Results',
    ]);
  });
  it('mark attention on four cards when above 0', () => {
    const marked = DASHBOARD_CARDS.filter((c) => showsAttention(c, 1)).map((c) => c.key);
    expect(marked).toEqual(['orderPendingShipment', 'noPatientResults', 'pendingConsultation', 'labOrderPendingResults']);
    expect(DASHBOARD_CARDS.some((c) => showsAttention(c, 0))).toBe(false);
  });
  it('follow the role permissions', () => {
    const staff = DASHBOARD_CARDS.filter((c) => cardAvailable(c, permissionsFor(['staff']))).map((c) => c.key);
    expect(staff).toEqual(['todaysAppointments', 'rejectedSamples', 'orderPendingShipment', 'labOrderPendingResults']);
    expect(DASHBOARD_CARDS.filter((c) => cardAvailable(c, permissionsFor(['operation_support'])))).toEqual([]);
    expect(DASHBOARD_CARDS.every((c) => cardAvailable(c, permissionsFor(['auditor_read_only'])))).toBe(true);
    expect(DASHBOARD_CARDS.every((c) => cardAvailable(c, permissionsFor(['clinicians'])))).toBe(true);
  });
  it('validates the filters', () => {
    expect(dashboardQuerySchema.parse({})).toMatchObject({ careLocation: 'ALL', stateMode: 'MY', states: [] });
    expect(dashboardQuerySchema.parse({ stateMode: 'ALL', states: 'NV, CO,NV' }).states).toEqual(['NV', 'CO']);
    expect(dashboardQuerySchema.safeParse({ states: 'ZZ' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ careLocation: 'MARS' }).success).toBe(false);
  });
});
