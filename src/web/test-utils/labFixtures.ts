import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { LabRow } from '../../domain/lab/lab-api';
import type { LabRecord } from '../shared/lab/labRow';
import { createDataProvider } from '../providers/dataProvider';
import { createApiFetch } from '../providers/httpClient';

/** Test helpers (not shipped): lab rows and a real dataProvider talking to msw. */

export const BASE = 'http://portal.test';
export const ME = 'sub-1';
export const OTHER = 'other-clinician';

export function labRow(overrides: Partial<LabRow> = {}): LabRecord {
  const row: LabRow = {
    kitId: 'KT0000001',
    testResultId: '2b0d7d2a-5d0c-4a38-9a38-6a1f1b6b0001',
    status: 'NEEDS_CLINICIAN_REVIEW',
    requestStatus: 'REPORT_READY',
    resultStatus: 'NEEDS_CLINICIAN_REVIEW',
    clinician: { userId: ME, firstName: 'Jane', lastName: 'Doe' },
    createDateTime: '2026-03-04T14:30:00.000Z',
    labDate: '2026-03-09T14:30:00.000Z',
    results: [
      { testName: 'Chlamydia trachomatis', result: 'Not Detected', units: '', summaryStatus: null },
      { testName: 'Neisseria gonorrhoeae', result: 'Detected', units: '', summaryStatus: null },
    ],
    user: {
      userId: 'p-1',
      subUUID: 'p-1',
      name: 'Ann Lee',
      givenName: 'Ann',
      familyName: 'Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      preferredName: 'Annie',
      email: 'ann.lee@example.com',
      phoneNumber: '7025550101',
      dob: '1990-05-20',
      birthDate: '1990-05-20',
      gender: 'female',
      genderAtBirth: 'female',
      pronoun: 'She/her/hers',
      allergies: 'Penicillin',
      symptoms: 'None',
      medication: 'None',
      address: { street_address: '1 Main St', street_address2: null, locality: 'Las Vegas', region: 'NV', postal_code: '89104' },
      photonHealthErxPatientId: null,
    },
    patientState: 'NV',
    medications: 'None',
    symptoms: 'None',
    productName: '5-Panel STD Test',
    internalNotes: null,
    externalNotes: null,
    internalNote: null,
    externalNote: null,
    notesReleased: false,
    attachments: [],
    autoApproved: false,
    tubeId: null,
    masked: false,
    ...overrides,
  };
  return { ...row, id: row.kitId };
}

/** A row as the server masks it for a viewer whose licence is invalid in the patient's state. */
export function maskedRow(kitId = 'KT0000099'): LabRecord {
  const X = 'XXXXXX';
  const base = labRow({ kitId });
  return {
    ...base,
    testResultId: X,
    status: X,
    requestStatus: X,
    clinician: { userId: X, firstName: X, lastName: X },
    labDate: X,
    results: [{ testName: X, result: X, units: X, summaryStatus: X }],
    user: {
      ...base.user!,
      userId: X,
      subUUID: X,
      name: X,
      givenName: X,
      familyName: X,
      firstName: X,
      lastName: X,
      preferredName: X,
      email: X,
      phoneNumber: X,
      dob: X,
      birthDate: X,
      gender: X,
      genderAtBirth: X,
      pronoun: X,
      allergies: X,
      symptoms: X,
      medication: X,
      address: { street_address: X, street_address2: null, locality: X, region: X, postal_code: X },
    },
    patientState: X,
    medications: X,
    symptoms: X,
    productName: X,
    notesReleased: X,
    autoApproved: X,
    masked: true,
  };
}

/** A dataProvider over the real http client, against msw at BASE. */
export const testDataProvider = () => createDataProvider(createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' }));

/** An msw server started for the file's tests (unhandled requests fail the test); the viewer's break-glass sessions
 * (none) are answered by default, as the lab viewer waits for them. */
export function labMswServer() {
  return setupServer(http.get(`${BASE}/secure/breakGlass/mine`, () => HttpResponse.json({ items: [], minutes: 60 })));
}

/** The licence states answer for the viewer (valid NV CO CA NY, invalid TX). */
export const LICENCE_STATES = {
  validStates: ['NV', 'CO', 'CA', 'NY'],
  pendingStates: [] as string[],
  inValidStates: ['TX'],
  allStates: ['CA', 'CO', 'NV', 'NY', 'TX'],
};
