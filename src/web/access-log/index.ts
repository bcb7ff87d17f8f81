import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The PHI access log (auditors and super admins): the audit table, paged, filtered and exported. */
export default {
  name: 'access-log',
  screens: [{ path: '/access-log', load: () => import('./AccessLogPage') }],
  menu: [{ key: 'accessLog', to: '/access-log', section: 'compliance', order: 10, icon: ManageSearchIcon }],
  endpoints: {
    /** The list in the simple REST conventions; the CSV export is its own route. */
    'access-log': { rest: '/secure/auditLog', export: '/secure/auditLog/export' },
  },
} satisfies ResourceDescriptor;
