import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** Break-glass sessions to review (super admins): newest first; update marks one reviewed with a note. */
export default {
  name: 'break-glass',
  screens: [{ path: '/break-glass', load: () => import('./BreakGlassReviewPage') }],
  menu: [{ key: 'breakGlass', to: '/break-glass', section: 'compliance', order: 20, icon: HealthAndSafetyIcon }],
  endpoints: {
    /** List and getOne in the simple REST conventions; the review is its own route. */
    'break-glass': {
      rest: '/secure/breakGlass',
      update: (id) => `/secure/breakGlass/${encodeURIComponent(String(id))}/review`,
    },
  },
} satisfies ResourceDescriptor;
