import AssignmentIcon from '@mui/icons-material/Assignment';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Lab requests (spec 1 §2): /request, and a kit's case details at /userrequest/{kitId}. */
export default {
  name: 'lab-requests',
  screens: [
    { path: '/request', load: () => import('./LabRequestsPage') },
    // Only /userrequest/{kitId} is a screen (case details); the bare path lands on the lab requests it comes from.
    { path: '/userrequest', redirect: '/request', param: { name: 'kitId', load: () => import('./CaseDetailsPage') } },
  ],
  menu: [{ key: 'labRequests', to: '/request', section: 'lab', order: 10, icon: AssignmentIcon }],
  endpoints: {
    'lab-requests': { list: '/secure/labRequest', idField: 'kitId', export: '/secure/labRequest/export' },
  },
} satisfies ResourceDescriptor;
