import type { ReactNode } from 'react';
import type { Location } from 'react-router';
import { setupServer } from 'msw/node';
import type { PatientDetail } from '../../domain/patients/patients';
import { createDataProvider } from '../providers/dataProvider';
import { createApiFetch } from '../providers/httpClient';
import { fakeAuthProvider, renderInAdmin } from './adminTestContext';

/** Test fixtures of the patient screens (not shipped): msw answers the real dataProvider's calls. */
export const BASE = 'http://patients.test';
export const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
export const patientMswServer = () => setupServer();

export const patientDetail = (o: Partial<PatientDetail> = {}): PatientDetail => ({
  id: PATIENT_ID,
  userId: PATIENT_ID,
  subUUID: PATIENT_ID,
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  preferredName: 'Annie',
  email: 'ann@example.com',
  phoneNumber: '7025550101',
  dob: '1990-05-20',
  age: 36,
  state: 'NV',
  genderAtBirth: 'female',
  gender: 'female',
  currentGenderIdentity: 'Female',
  pronoun: 'She/her/hers',
  race: 'africa',
  ethnicity: 'not-hispani',
  sexualOrientationPreference: 'Bisexual',
  passMember: false,
  photonHealthErxPatientId: null,
  hasProfilePic: false,
  hasAccount: true,
  masked: false,
  address: { street_address: '1 Main St', street_address2: null, locality: 'Las Vegas', region: 'NV', postal_code: '89104' },
  allergies: 'Penicillin',
  symptoms: 'None',
  medication: 'Descovy',
  ...o,
});

export function renderPatientScreen(
  ui: ReactNode,
  options: { groups?: string[]; initialEntries?: string[]; onLocation?: (l: Location) => void } = {},
) {
  const dataProvider = createDataProvider(createApiFetch({ baseUrl: BASE, getToken: async () => 'tok' }));
  return renderInAdmin(ui, {
    authProvider: fakeAuthProvider({ groups: options.groups ?? ['clinicians'] }),
    dataProvider,
    initialEntries: options.initialEntries,
    onLocation: options.onLocation,
  });
}
