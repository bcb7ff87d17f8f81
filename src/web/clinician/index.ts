import BadgeIcon from '@mui/icons-material/Badge';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

const ProfilePage = () => import('./ProfilePage');

/** The clinician's profile, licences and calendar (spec 3 §7): one page, opened at its section by the URL. */
export default {
  name: 'clinician',
  screens: [
    { path: '/profile', load: ProfilePage },
    { path: '/license', load: ProfilePage },
    { path: '/calendar', load: ProfilePage },
  ],
  menu: [{ key: 'profile', to: '/profile', section: 'account', order: 20, icon: BadgeIcon }],
  endpoints: {
    /** The clinician's own licences: update sends the licence with its id, delete the id as a query. */
    licenses: {
      route: '/license',
      list: '/secure/license',
      listShape: 'array',
      create: '/secure/license',
      update: () => '/secure/clinician/updateLicence',
      updateMethod: 'PATCH',
      delete: (id) => `/secure/clinician/deleteLicence?id=${encodeURIComponent(String(id))}`,
    },
    /** Every clinician's licences, for the super admin (read-only list; verify is a clinicianMethods call). */
    'all-licences': { route: '/license', rest: '/secure/clinician/licences/all' },
  },
} satisfies ResourceDescriptor;
