import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import type { Location } from 'react-router';
import { vi } from 'vitest';
import type { ClinicianProfile } from '../../domain/clinician/clinician';
import { PortalAdmin } from '../App';
import { PortalNotification } from '../layout/Notification';
import type { PortalDataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { portalPermissionsFromGroups } from '../providers/permissions';

/** Test helpers (not shipped): fake providers and react-admin renderers with a memory router. */

export interface FakeUser {
  groups?: string[];
  givenName?: string;
  familyName?: string;
}

export function fakeAuthProvider({ groups = [], givenName = 'Jane', familyName = 'Doe' }: FakeUser = {}): AuthProvider {
  const permissions = portalPermissionsFromGroups(groups);
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: async () => ({ id: 'sub-1', fullName: `${givenName} ${familyName}`, firstName: givenName, lastName: familyName }),
    getPermissions: async () => permissions,
  };
}

export const clinicianProfile = (overrides: Partial<ClinicianProfile> = {}): ClinicianProfile => ({
  id: 'sub-1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  status: 'ACTIVE',
  state: 'NV',
  timezone: null,
  calendarLink: 'https://cal.example/jane',
  hasNoLicense: false,
  hasCalendar: true,
  hasExpiredOrInValidLicense: false,
  validLicenseStates: ['NV'],
  pendingLicenseStates: [],
  inValidLicenseStates: [],
  ...overrides,
});

export function fakeDataProvider(overrides: Partial<PortalDataProvider> = {}): PortalDataProvider {
  const fail = (name: string) => vi.fn(async () => Promise.reject(new Error(`${name} not stubbed`)));
  return {
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: fail('getOne'),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 'new', ...params.data } })),
    update: fail('update'),
    updateMany: fail('updateMany'),
    delete: fail('delete'),
    deleteMany: fail('deleteMany'),
    getClinicianProfile: vi.fn(async () => clinicianProfile()),
    getLicenceStates: vi.fn(async () => ({ validStates: [], pendingStates: [], inValidStates: [], allStates: [] })),
    getCalendarLink: vi.fn(async () => ({ calendarLink: null })),
    getAccountStatus: vi.fn(async () => ({ sub: 'sub-1', groups: [], roles: [] })),
    ...overrides,
  } as PortalDataProvider;
}

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

interface RenderOptions {
  authProvider?: AuthProvider;
  dataProvider?: PortalDataProvider;
  initialEntries?: string[];
  onLocation?: (location: Location) => void;
  /** The react-query cache, for a test that puts records in it first (as a list does). */
  queryClient?: QueryClient;
}

/** Renders components inside react-admin's AdminContext (providers, i18n, toasts) and a memory router. */
export function renderInAdmin(ui: ReactNode, options: RenderOptions = {}) {
  const dataProvider = options.dataProvider ?? fakeDataProvider();
  return {
    dataProvider,
    ...render(
      <TestMemoryRouter initialEntries={options.initialEntries ?? ['/']} locationCallback={options.onLocation}>
        <AdminContext
          authProvider={options.authProvider ?? fakeAuthProvider()}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          queryClient={options.queryClient ?? testQueryClient()}
        >
          {ui}
          <PortalNotification />
        </AdminContext>
      </TestMemoryRouter>,
    ),
  };
}

/** Renders the whole portal (<Admin>, layout, routes) at a URL. */
export function renderPortal(url: string, options: Omit<RenderOptions, 'initialEntries'> = {}) {
  const dataProvider = options.dataProvider ?? fakeDataProvider();
  return {
    dataProvider,
    ...render(
      <TestMemoryRouter initialEntries={[url]} locationCallback={options.onLocation}>
        <PortalAdmin
          authProvider={options.authProvider ?? fakeAuthProvider()}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          queryClient={testQueryClient()}
        />
      </TestMemoryRouter>,
    ),
  };
}
