import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** The portal's own page: where the route guard sends a user whose roles do not allow the address (spec 1 §6). */
export default {
  name: 'layout',
  screens: [{ path: '/401-page', load: () => import('./UnauthorizedPage'), unguarded: true }],
} satisfies ResourceDescriptor;
