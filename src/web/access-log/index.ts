import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The PHI access log (auditors and super admins): the audit table, paged, filtered and exported. */
export default {
  name: 'access-log',
  screens: [{ path: '/access-log', load: () => import('./AccessLogPage') }],
  menu: [{ key: 'accessLog', to: '/access-log', section: 'compliance', order: 10, icon: ManageSearchIcon }],
  endpoints: {
    'access-log': { list: '/secure/auditLog', export: '/secure/auditLog/export' },
  },
} satisfies ResourceDescriptor;
