import { describe, expect, it } from 'vitest';
import { DASHBOARD_CARDS, DASHBOARD_LOCATIONS } from './dashboard';
import { DASHBOARD_TEXT } from '../i18n/en/dashboard';

describe('dashboard texts', () => {
  it('hold the nine card titles of the spec, by key', () => {
    expect(Object.values(DASHBOARD_TEXT.cards)).toEqual([
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
    expect(Object.keys(DASHBOARD_TEXT.cards)).toEqual(DASHBOARD_CARDS.map((c) => c.key));
  });
  it('hold the four care-location labels and the control texts', () => {
    expect(DASHBOARD_TEXT.locations).toEqual({ ALL: 'All', ONLINE: 'Online', DENVER_CAREHUB_01: 'Denver hub', CHARLESTON_NV_89104: 'Las Vegas hub' });
    expect(Object.keys(DASHBOARD_TEXT.locations)).toEqual(DASHBOARD_LOCATIONS.map((l) => l.code));
    expect(DASHBOARD_TEXT).toMatchObject({
      myStates: 'My States',
      allStates: 'All States',
      needsAttention: 'Needs attention',
      notAvailableForRole: 'Not available for your role',
    });
  });
});
