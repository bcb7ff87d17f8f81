import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Patient search and the patient profile (spec 3 §2, §7). */
export default {
  name: 'patients',
  screens: [
    { path: '/SearchPatient', load: () => import('./SearchPatientPage') },
    { path: '/PatientProfile', load: () => import('./PatientProfilePage'), failure: { key: 'patients.profile.errorFetching' } },
  ],
  menu: [{ key: 'patientSearch', to: '/SearchPatient', section: 'search', order: 10, icon: PersonSearchIcon }],
  endpoints: {
    /** The search page's list (criteria merged), the profile's patient and its update, export. */
    patients: {
      list: '/secure/patient',
      one: (id) => `/secure/patient/detailsBySubId/${encodeURIComponent(String(id))}`,
      update: (id) => `/secure/patient/${encodeURIComponent(String(id))}`,
      updateMethod: 'PUT',
      export: '/secure/patient/export',
    },
    /** The patient profile's lists, each filtered by patientId and paged on the server. */
    'patient-bookings': { route: '/PatientProfile', list: '/secure/patient/bookings', export: '/secure/patient/bookings/export' },
    'patient-kits': { route: '/PatientProfile', list: '/secure/patient/kits', idField: 'kitId', export: '/secure/patient/kits/export' },
    'patient-orders': { route: '/PatientProfile', list: '/secure/patient/orders', export: '/secure/patient/orders/export' },
    'patient-events': { route: '/PatientProfile', list: '/secure/patient/events', export: '/secure/patient/events/export' },
  },
} satisfies ResourceDescriptor;
