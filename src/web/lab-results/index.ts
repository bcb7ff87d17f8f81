import ScienceIcon from '@mui/icons-material/Science';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Lab results (spec 1 §2): /result, and a kit's older results at /result/{kitId}. */
export default {
  name: 'lab-results',
  screens: [{ path: '/result', load: () => import('./LabResultsPage'), param: { name: 'kitId', load: () => import('./OlderLabResultsPage') } }],
  menu: [{ key: 'labResults', to: '/result', section: 'lab', order: 20, icon: ScienceIcon }],
  endpoints: {
    'lab-results': {
      list: '/secure/testResult',
      one: (kitId) => `/secure/testResult/${encodeURIComponent(String(kitId))}`,
      idField: 'kitId',
      export: '/secure/testResult/export',
    },
  },
} satisfies ResourceDescriptor;
