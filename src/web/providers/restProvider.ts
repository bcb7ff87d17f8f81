import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, fetchUtils } from 'react-admin';
import type { ApiFetch, ApiRequest } from './httpClient';

type RestClient = (url: string, options?: fetchUtils.Options) => Promise<{ status: number; headers: Headers; body: string; json: unknown }>;

/**
 * ra-data-simple-rest's HTTP client on the portal's own (bearer token, addressee type, api-key, error texts:
 * httpClient.ts), so the simple REST base sends what every other call sends. Its own headers are not forwarded: the
 * `Range` it adds is for cross-origin reads of Content-Range (the API is same-origin), and the portal's client sets
 * the content type of what it sends.
 */
export function restClient(api: ApiFetch): RestClient {
  return async (url, options = {}) => {
    const body = typeof options.body === 'string' ? (JSON.parse(options.body) as unknown) : options.body;
    const answer = await api<{ status: number; headers: Headers; body: unknown }>(url, {
      method: (options.method ?? 'GET') as ApiRequest['method'],
      body,
      signal: options.signal ?? undefined,
      withStatus: true,
    });
    const json = answer.body;
    // The base reads `json`; the text is written only if something asks for it (a list answer is not serialised again).
    return {
      status: answer.status,
      headers: answer.headers,
      json,
      get body() {
        return JSON.stringify(json);
      },
    };
  };
}

/**
 * The simple REST base of the dataProvider, for the resources whose routes follow its conventions (`rest` in their
 * endpoints): the resource's `rest` path stands for react-admin's resource name. A list too large to count answers
 * `Content-Range: items first-last/*` only when more rows follow (src/server/http/content-range.ts): react-admin's
 * partial pagination, page after page.
 */
export function createRestProvider(api: ApiFetch, pathOf: (resource: string) => string): DataProvider {
  // apiUrl '' and the path without its leading slash: the base asks for `/${path}`.
  const base = simpleRestProvider('', restClient(api));
  const at = (resource: string) => pathOf(resource).replace(/^\//, '');
  return {
    async getList(resource, params) {
      const { data, total } = await base.getList(at(resource), params);
      if (total !== undefined && !Number.isNaN(total)) return { data, total };
      const page = params.pagination?.page ?? 1;
      return { data, pageInfo: { hasNextPage: true, hasPreviousPage: page > 1 } };
    },
    getOne: (resource, params) => base.getOne(at(resource), params),
    getMany: (resource, params) => base.getMany(at(resource), params),
    getManyReference: (resource, params) => base.getManyReference(at(resource), params),
    create: (resource, params) => base.create(at(resource), params),
    update: (resource, params) => base.update(at(resource), params),
    updateMany: (resource, params) => base.updateMany(at(resource), params),
    delete: (resource, params) => base.delete(at(resource), params),
    deleteMany: (resource, params) => base.deleteMany(at(resource), params),
  };
}
