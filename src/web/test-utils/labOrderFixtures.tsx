import type { ReactNode } from 'react';
import type { AuthProvider } from 'react-admin';
import type { KitRow } from '../../domain/kits/kits';
import { createApiFetch } from '../providers/httpClient';
import type { PortalDataProvider } from '../providers/dataProvider';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from './adminTestContext';
import { createChartNoteMethods } from '../providers/chartNoteMethods';
import { labMswServer, testDataProvider } from './labFixtures';

/** Test helpers of the kit, lab order and order screens (not shipped): kit rows, an msw server at BASE and a renderer. */

export const BASE = 'http://portal.test';
/** The lab msw server (the viewer's break-glass sessions answered: none). */
export const kitsMswServer = labMswServer;

export const kitRow = (kitId: string, o: Partial<KitRow> = {}): KitRow => ({
  kitId,
  reqId: `REQ-${kitId}`,
  bookingId: null,
  patientId: 'p-1',
  name: 'Ann Lee',
  dob: '1990-05-20',
  email: 'ann.lee@example.com',
  clinicianId: null,
  clinician: null,
  clinicianName: null,
  kitStatus: 'SAMPLE_COLLECTED_PENDING_REVIEW',
  registrationState: 'NV',
  labName: 'LIFESCAN',
  created: '2026-03-04T14:30:00.000Z',
  createDateTime: '2026-03-04T14:30:00.000Z',
  registrationDateTime: '2026-03-04T14:30:00.000Z',
  sampleTakenDate: '2026-03-05T14:30:00.000Z',
  receivedDate: null,
  summaryStatus: null,
  testResultStatus: null,
  careLocation: 'Care Hub Las Vegas Charleston',
  careLocationCode: 'CHARLESTON_NV_89104',
  panelName: '5-Panel STD Test',
  productName: '5-Panel STD Test',
  shipManifestNum: null,
  sampleLabelPdfS3Url: null,
  masked: false,
  ...o,
});

/**
 * The real dataProvider talking to msw at BASE, with the account calls (profile, licence states, calendar link,
 * account status) answered by the fake one unless overridden.
 */
export function kitTestDataProvider(overrides: Partial<PortalDataProvider> = {}): PortalDataProvider {
  const fake = fakeDataProvider();
  const { getClinicianProfile, getLicenceStates, getCalendarLink, getAccountStatus } = fake;
  return { ...testDataProvider(), getClinicianProfile, getLicenceStates, getCalendarLink, getAccountStatus, ...overrides };
}

/** A kit screen talking to msw at BASE through the dataProvider. */
export function renderKitScreen(
  ui: ReactNode,
  options: { authProvider?: AuthProvider; dataProvider?: PortalDataProvider; initialEntries?: string[] } = {},
) {
  const api = createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' });
  return renderInAdmin(ui, {
    authProvider: options.authProvider ?? fakeAuthProvider({ groups: ['staff'] }),
    // the chart note calls (the kit's notes) on msw too
    dataProvider: { ...createChartNoteMethods(api), ...(options.dataProvider ?? kitTestDataProvider()) },
    initialEntries: options.initialEntries,
  });
}
