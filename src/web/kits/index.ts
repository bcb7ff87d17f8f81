import { SCREEN_FAILURE_CAUSE, type ResourceDescriptor } from '../shared/resourceDescriptor';

/** A kit's page (spec 1 §7): /KitDetails?kitId=. */
export default {
  name: 'kits',
  screens: [
    { path: '/KitDetails', load: () => import('./KitDetailsPage'), failure: { key: 'kit.loadFailed', args: { reason: SCREEN_FAILURE_CAUSE } } },
  ],
  endpoints: {
    /** GET /secure/kit/{kitId}; 404 "Kit ID is not valid". */
    kits: { one: (kitId) => `/secure/kit/${encodeURIComponent(String(kitId))}`, idField: 'kitId' },
  },
} satisfies ResourceDescriptor;
