import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The Super Admin Panel (spec 3 §2). */
export default {
  name: 'super-admin',
  screens: [{ path: '/super-admin', load: () => import('./SuperAdminPage') }],
  menu: [{ key: 'superAdmin', to: '/super-admin', section: 'account', order: 10, icon: AdminPanelSettingsIcon }],
  endpoints: {
    /** Confirmed accounts in no group; adding one to a group is a superAdminMethods call. */
    'pending-sign-ups': { rest: '/secure/admin/pendingSignUps' },
  },
} satisfies ResourceDescriptor;
