import { type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type { ApiFetch, QueryValue } from './httpClient';
import type { ResourceEndpoints } from './resources';

interface Page<T> {
  items: T[];
  total: number;
}

export function endpointsOf(resources: Record<string, ResourceEndpoints>, resource: string) {
  const endpoints = resources[resource];
  if (!endpoints) throw new Error(`Unknown resource "${resource}"`);
  return endpoints;
}

export function need<T>(value: T | undefined, resource: string, operation: string): T {
  if (value === undefined) throw new Error(`Resource "${resource}" has no ${operation} endpoint`);
  return value;
}

/** Filter values as query params: objects as JSON, arrays repeated, empty ones left out. */
export function filterQuery(filter: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : (value as QueryValue);
  }
  return query;
}

/** Filter values as a JSON body: empty ones left out. */
export const bodyFilter = (filter: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A list path, or one built from the filter (a filter that is a path segment, such as a kit status). */
function listPathOf(list: NonNullable<ResourceEndpoints['list']>, filter: Record<string, unknown> = {}): [string, Record<string, unknown>] {
  return typeof list === 'string' ? [list, filter] : list(filter);
}

/** Client-side paging and sorting, for the small array lists. */
function pageOf<T extends RaRecord>(rows: T[], page = 1, perPage = rows.length, sort?: { field: string; order: string }) {
  const sorted = sort?.field
    ? [...rows].sort((a, b) => {
        const [x, y] = [a[sort.field], b[sort.field]];
        const cmp = x === y ? 0 : x > y ? 1 : -1;
        return sort.order === 'DESC' ? -cmp : cmp;
      })
    : rows;
  const start = (page - 1) * perPage;
  return sorted.slice(start, start + perPage);
}

/** Gives records keyed by another field (idField) the `id` react-admin needs. */
function withId<T>(record: T, idField: string | undefined): T {
  if (!idField || !record || typeof record !== 'object') return record;
  return { ...record, id: (record as Record<string, unknown>)[idField] } as T;
}

/**
 * The CRUD of the resources whose routes are the spec's own paths, each mapped in its endpoints (resources.ts): list
 * endpoints take page/perPage/sort/order and the filters as query params and answer { items, total }, or an array.
 */
export function createMappedProvider(api: ApiFetch, resources: Record<string, ResourceEndpoints>): DataProvider {
  const provider: DataProvider = {
    async getList(resource, params) {
      const endpoints = endpointsOf(resources, resource);
      const [path, filter] = listPathOf(need(endpoints.list, resource, 'list'), params.filter);
      const { page = 1, perPage = 50 } = params.pagination ?? {};
      if (endpoints.listShape === 'array') {
        const rows = (await api<RaRecord[]>(path, { query: filterQuery(filter), signal: params.signal })) ?? [];
        return { data: pageOf(rows, page, perPage, params.sort) as never[], total: rows.length };
      }
      const query = { page, perPage, sort: params.sort?.field, order: params.sort?.order, ...filterQuery(filter) };
      const result =
        endpoints.listMethod === 'POST'
          ? await api<Page<RaRecord>>(path, { method: 'POST', body: { ...bodyFilter(filter), page, perPage }, signal: params.signal })
          : await api<Page<RaRecord>>(path, { query, signal: params.signal });
      const items = (result?.items ?? []).map((r) => withId(r, endpoints.idField));
      return { data: items as never[], total: result?.total ?? 0 };
    },

    async getOne(resource, params) {
      const endpoints = endpointsOf(resources, resource);
      const one = need(endpoints.one, resource, 'one');
      return { data: withId(await api<RaRecord>(one(params.id), { signal: params.signal }), endpoints.idField) as never };
    },

    async getMany(resource, params) {
      const endpoints = endpointsOf(resources, resource);
      const one = need(endpoints.one, resource, 'one');
      const data = await Promise.all(
        params.ids.map(async (id) => withId(await api<RaRecord>(one(id), { signal: params.signal }), endpoints.idField)),
      );
      return { data: data as never[] };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource, params) {
      const path = need(endpointsOf(resources, resource).create, resource, 'create');
      // meta.idempotencyKey (useIdempotencyKey): a double submit or a resend creates one record
      const key = (params.meta as { idempotencyKey?: string } | undefined)?.idempotencyKey;
      const created = await api<RaRecord | null>(path, {
        method: 'POST',
        body: params.data,
        headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : undefined,
      });
      return { data: { ...params.data, ...(created ?? {}) } as never };
    },

    async update(resource, params) {
      const endpoints = endpointsOf(resources, resource);
      const path = need(endpoints.update, resource, 'update')(params.id);
      const updated = await api<RaRecord | null>(path, { method: endpoints.updateMethod ?? 'PUT', body: params.data });
      return { data: { ...params.previousData, ...params.data, ...(updated ?? {}), id: params.id } as never };
    },

    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => provider.update(resource, { id, data: params.data, previousData: { id } })));
      return { data: params.ids };
    },

    async delete(resource, params) {
      const path = need(endpointsOf(resources, resource).delete, resource, 'delete')(params.id);
      await api(path, { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id: Identifier) => provider.delete(resource, { id })));
      return { data: params.ids };
    },
  };
  return provider;
}
