import { PORTAL_ROUTES } from '../domain/shared/routes';
import type { ResourceEndpoints } from './providers/resources';
import type { MenuEntry, ResourceDescriptor, ScreenDescriptor } from './shared/resourceDescriptor';
import accessLog from './access-log';
import bookingDetail from './booking-detail';
import bookings from './bookings';
import breakGlass from './break-glass';
import calendar from './calendar';
import clinician from './clinician';
import dashboard from './dashboard';
import kits from './kits';
import labOrders from './lab-orders';
import labRequests from './lab-requests';
import labResults from './lab-results';
import layout from './layout';
import messages from './messages';
import orders from './orders';
import patients from './patients';
import payment from './payment';
import superAdmin from './super-admin';
import templates from './templates';
import transcription from './transcription';

/**
 * The portal's resources: the one list. Each folder's index.ts describes its screens (at the spec's URLs), its menu
 * entries and its dataProvider resources; the router (routes.tsx), the menu (navigation.ts), the screen boundaries,
 * the dataProvider and the authProvider's canAccess are derived from this list. A new resource is a folder and a line.
 */
export const PORTAL_RESOURCES: readonly ResourceDescriptor[] = [
  dashboard,
  messages,
  bookings,
  calendar,
  bookingDetail,
  transcription,
  payment,
  labRequests,
  labResults,
  labOrders,
  orders,
  kits,
  patients,
  accessLog,
  breakGlass,
  superAdmin,
  clinician,
  templates,
  layout,
];

/** Every screen of every resource. */
export const SCREENS: readonly ScreenDescriptor[] = PORTAL_RESOURCES.flatMap((r) => r.screens ?? []);

/** Every menu entry of every resource (navigation.ts orders them into the menu's sections). */
export const MENU_ENTRIES: readonly MenuEntry[] = PORTAL_RESOURCES.flatMap((r) => r.menu ?? []);

/**
 * The dataProvider's resources, by name: each with the portal route whose guard also guards it (canAccess), its
 * folder's first screen unless it names another. A name declared twice, or a route that is not a spec URL, stops the
 * portal at start-up.
 */
export const RESOURCE_ENDPOINTS: Record<string, ResourceEndpoints> = (() => {
  const out: Record<string, ResourceEndpoints> = {};
  const specPaths = new Set(PORTAL_ROUTES.map((r) => r.path));
  for (const resource of PORTAL_RESOURCES) {
    for (const [name, endpoints] of Object.entries(resource.endpoints ?? {})) {
      const route = endpoints.route ?? resource.screens?.[0]?.path;
      if (out[name]) throw new Error(`dataProvider resource ${name} is declared twice`);
      if (!route || !specPaths.has(route)) throw new Error(`dataProvider resource ${name} has no portal route`);
      out[name] = { ...endpoints, route };
    }
  }
  return out;
})();
