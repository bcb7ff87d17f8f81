import type { Identifier } from 'react-admin';

/**
 * Resource -> API endpoints, for the dataProvider (and the portal route a resource belongs to, for canAccess).
 * Later issues add their resources here. `list` answers `{ items, total }` (server-side paging) unless
 * `listShape` is 'array' (small per-user lists such as licences).
 */
export interface ResourceEndpoints {
  /** Portal route whose guard also guards the resource (canAccessRoute). */
  route: string;
  list?: string;
  listShape?: 'page' | 'array';
  one?: (id: Identifier) => string;
  create?: string;
  update?: (id: Identifier) => string;
  updateMethod?: 'PUT' | 'PATCH';
  delete?: (id: Identifier) => string;
}

export const RESOURCES: Record<string, ResourceEndpoints> = {
  licenses: { route: '/license', list: '/secure/license', listShape: 'array', create: '/secure/license' },
};

/** Route of a resource: its declared one, else /<resource> (guarded like any role-guarded route). */
export const routeOfResource = (resource: string, resources: Record<string, ResourceEndpoints> = RESOURCES) =>
  resources[resource]?.route ?? `/${resource}`;
