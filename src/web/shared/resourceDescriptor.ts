import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { NAV_TEXTS } from '../../domain/i18n/en/nav';
import type { ResourceEndpoints } from '../providers/resources';

/*
 * What a portal resource folder declares in its index.ts (react-admin's examples/demo: `export default { list, icon }`),
 * gathered by the one list of resources (src/web/resources.ts), from which the router, the menu, the route guards,
 * the screen boundaries, the dataProvider's endpoints and the authProvider's canAccess are derived.
 */

/** A screen's module, downloaded when the screen is first shown (its own chunk). */
export type ScreenModule = () => Promise<{ default: ComponentType }>;

/** The i18n key of a failure text and its values, themselves keys (translated before they fill the text). */
export interface FailureText {
  key: string;
  args?: Record<string, string>;
}

/** The value naming what failed, in a screen's failure text ("…cause: the screen could not be shown…"). */
export const SCREEN_FAILURE_CAUSE = 'ui.screenFailure.cause';

/**
 * A screen at one of the spec's URLs. The URL's guard (roles), its clinical-work flag and its title are the route's
 * in src/domain/shared/routes.ts (PORTAL_ROUTES): the role rules stay where the server's rules are, never copied here.
 */
export interface ScreenDescriptor {
  /** The spec's URL, exactly as the spec writes it ('/result', '/KitDetails'); '/' is the dashboard. */
  path: string;
  /** The screen; or `redirect`, where the bare path sends the user (only its parameter form is a screen). */
  load?: ScreenModule;
  redirect?: string;
  /** The path-parameter form (/result/{kitId}): the parameter's name and the screen it shows. */
  param?: { name: string; load: ScreenModule; failure?: FailureText };
  /** What the screen boundary says when the screen fails to render; 'Something went wrong' without one. */
  failure?: FailureText;
  /** Outside the route guard: the page the guard itself sends a refused user to. */
  unguarded?: true;
}

/** The menu's sections, in order (spec 1 §2 / spec 3 §2). */
export type MenuSection = 'main' | 'appointments' | 'lab' | 'search' | 'compliance' | 'account';

/**
 * An entry of the navigation menu: its key (its label is `nav.<key>` in the catalogue, src/domain/i18n/en/nav.ts), the
 * screen it opens, its section and place in it, its icon. Who sees it is who may open `to` (the route's guard).
 */
export interface MenuEntry {
  key: Exclude<keyof typeof NAV_TEXTS, 'section' | 'logout'>;
  to: string;
  section: MenuSection;
  order: number;
  icon: SvgIconComponent;
}

/** A dataProvider resource; `route` (whose guard also guards the resource) defaults to the folder's first screen. */
export type ResourceEndpointsOf = Omit<ResourceEndpoints, 'route'> & { route?: string };

/** One resource folder: its screens, its menu entries and the dataProvider resources it reads and writes. */
export interface ResourceDescriptor {
  /** The folder's name. */
  name: string;
  screens?: readonly ScreenDescriptor[];
  menu?: readonly MenuEntry[];
  endpoints?: Readonly<Record<string, ResourceEndpointsOf>>;
}
