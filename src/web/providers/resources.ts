import type { Identifier } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../resources';

/**
 * Resource -> API endpoints, for the dataProvider (and the portal route a resource belongs to, for canAccess),
 * declared in the resource's folder (src/web/<resource>/index.ts). A `rest` resource follows the simple REST
 * conventions; the spec's own paths are mapped one by one: `list` answers `{ items, total }` (server-side paging) unless
 * `listShape` is 'array' (small per-user lists such as licences).
 */
export interface ResourceEndpoints {
  /** Portal route whose guard also guards the resource (canAccessRoute). */
  route: string;
  /**
   * The path of a resource in ra-data-simple-rest's conventions (`?filter=&range=&sort=` answered with Content-Range,
   * `/:id`: the routes this project defined itself): the simple REST base serves each operation not mapped below.
   */
  rest?: string;
  /** The list path; a function when a filter is a path segment (it returns the path and the remaining filter). */
  list?: string | ((filter: Record<string, unknown>) => [path: string, filter: Record<string, unknown>]);
  listShape?: 'page' | 'array';
  /** POST: the list and its export send the filter and paging as a JSON body (searches whose criteria are a body). */
  listMethod?: 'GET' | 'POST';
  one?: (id: Identifier) => string;
  create?: string;
  update?: (id: Identifier) => string;
  updateMethod?: 'PUT' | 'PATCH';
  delete?: (id: Identifier) => string;
  /** Field that is the record's id when the API has no `id` (lab rows are keyed by kitId). */
  idField?: string;
  /** GET of a CSV file of every row matching the list's query (server-side export). */
  export?: string;
}

/** Route of a resource: its declared one, else /<resource> (guarded like any role-guarded route). */
export const routeOfResource = (resource: string, resources: Record<string, ResourceEndpoints> = RESOURCE_ENDPOINTS) =>
  resources[resource]?.route ?? `/${resource}`;
