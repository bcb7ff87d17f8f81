import { HttpError, type DataProvider } from 'react-admin';
import type { ClinicianProfile } from '../../domain/clinician/clinician';
import type { LicenceStates } from '../../domain/clinician/licenses';
import type { Role } from '../../domain/shared/roles';
import { apiFetch, type ApiFetch } from './httpClient';
import { createLazyFeatureMethods, type FeatureMethods } from './lazyMethods';
import { RESOURCE_ENDPOINTS } from '../resources';
import type { ResourceEndpoints } from './resources';
import { createBreakGlassMethods, type BreakGlassMethods } from './breakGlassMethods';
import { bodyFilter, createMappedProvider, endpointsOf, filterQuery, need } from './mappedProvider';
import { createRestProvider } from './restProvider';

export interface CalendarLink {
  calendarLink: string | null;
}

export interface AccountStatus {
  sub: string;
  groups: string[];
  roles: Role[];
}

/** The spec's calls that are not CRUD on a resource and that the sign-in and every screen need at once (not loaded on demand). */
function createAccountMethods(api: ApiFetch) {
  return {
    /** GET /secure/clinician/profile; null when the user has no clinician profile (404). */
    async getClinicianProfile(): Promise<ClinicianProfile | null> {
      try {
        return await api<ClinicianProfile>('/secure/clinician/profile');
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },

    /** GET /secure/license/validAndInvalidStates. */
    async getLicenceStates(): Promise<LicenceStates> {
      const states = await api<Partial<LicenceStates>>('/secure/license/validAndInvalidStates');
      return {
        validStates: states?.validStates ?? [],
        pendingStates: states?.pendingStates ?? [],
        inValidStates: states?.inValidStates ?? [],
        allStates: states?.allStates ?? [],
      };
    },

    /** GET /secure/calendar/link. */
    async getCalendarLink(): Promise<CalendarLink> {
      const result = await api<Partial<CalendarLink>>('/secure/calendar/link');
      return { calendarLink: result?.calendarLink ?? null };
    },

    /** GET /secure/account/status. */
    getAccountStatus: () => api<AccountStatus>('/secure/account/status'),
  };
}

/** The list calls beside react-admin's CRUD: the server's CSV export of a list. */
interface ListExport {
  /** The server's CSV export of every row matching a list's filter and sort (resource `export` endpoint). */
  exportList(resource: string, params: { filter?: Record<string, unknown>; sort?: { field: string; order: string } }): Promise<Blob>;
}

/** The portal's dataProvider: react-admin's CRUD, the account calls, the export, and every feature's named methods. */
export type PortalDataProvider = DataProvider & ListExport & ReturnType<typeof createAccountMethods> & FeatureMethods & BreakGlassMethods;

type Crud = Pick<DataProvider, keyof typeof MAPPING_OF>;

/** The endpoint that maps each CRUD operation of a resource (resources.ts). */
const MAPPING_OF = {
  getList: 'list',
  getOne: 'one',
  getMany: 'one',
  getManyReference: 'list',
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
} as const satisfies Record<string, keyof ResourceEndpoints>;

/** Each operation of a `rest` resource by the simple REST base unless the resource maps it itself; the others mapped. */
function composeCrud(resources: Record<string, ResourceEndpoints>, rest: Crud, mapped: Crud): Crud {
  const crud: Record<string, unknown> = {};
  for (const [operation, mapping] of Object.entries(MAPPING_OF) as Array<[keyof Crud, keyof ResourceEndpoints]>) {
    crud[operation] = async (resource: string, params: unknown) => {
      const endpoints = endpointsOf(resources, resource);
      const provider = endpoints.rest !== undefined && endpoints[mapping] === undefined ? rest : mapped;
      return (provider[operation] as (resource: string, params: unknown) => Promise<unknown>)(resource, params);
    };
  }
  return crud as Crud;
}

/**
 * The portal's dataProvider, composed the way react-admin's examples/crm composes its own: the simple REST base
 * (ra-data-simple-rest) for the resources whose routes follow its conventions (`rest` in their endpoints: the routes
 * this project defined itself), the spec's own paths mapped on top (mappedProvider.ts), then the named methods.
 */
export function createDataProvider(api: ApiFetch = apiFetch, resources = RESOURCE_ENDPOINTS): PortalDataProvider {
  const mapped = createMappedProvider(api, resources);
  const rest = createRestProvider(api, (resource) => need(endpointsOf(resources, resource).rest, resource, 'rest'));
  return {
    ...composeCrud(resources, rest, mapped),
    exportList(resource, { filter, sort }) {
      const endpoints = endpointsOf(resources, resource);
      const path = need(endpoints.export, resource, 'export');
      if (endpoints.listMethod === 'POST') return api<Blob>(path, { method: 'POST', body: bodyFilter(filter), responseType: 'blob' });
      // An export asks as its list does: a simple REST resource in that dialect, a spec path with its flat parameters.
      const query =
        endpoints.rest !== undefined
          ? { filter: JSON.stringify(filter ?? {}), sort: sort && JSON.stringify([sort.field, sort.order]) }
          : { sort: sort?.field, order: sort?.order, ...filterQuery(filter) };
      return api<Blob>(path, { query, responseType: 'blob' });
    },

    ...createAccountMethods(api),
    // every feature's named methods (providers/<feature>Methods.ts), each feature's module loaded on its first call
    ...createLazyFeatureMethods(api),
    // Not loaded on demand: every clinician screen asks for the running break-glass sessions at once (the lab viewer,
    // the masked rows), and waiting for a module before that request delayed the lab tables' actions.
    ...createBreakGlassMethods(api),
  };
}
