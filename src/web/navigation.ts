import type { SvgIconComponent } from '@mui/icons-material';
import { NAV_TEXTS } from '../domain/i18n/en/nav';
import { canAccessRoute } from '../domain/shared/routes';
import type { Role } from '../domain/shared/roles';
import type { MenuSection } from './shared/resourceDescriptor';
import { MENU_ENTRIES } from './resources';

/** One entry of the portal's navigation menu: a link to a route, or the logout action. */
export type NavItem = { key: string; label: string; to: string; icon: SvgIconComponent } | { key: 'logout'; label: 'Logout'; action: 'logout' };

export interface NavSection {
  key: MenuSection;
  /** Section heading; the first section has none (Home, My Messages). */
  label?: string;
  items: NavItem[];
}

/** The menu's sections in the spec's order (spec 1 §2 / spec 3 §2); the first has no heading, Logout ends the last. */
const SECTIONS: readonly MenuSection[] = ['main', 'appointments', 'lab', 'search', 'compliance', 'account'];
const headingOf = (key: MenuSection): string | undefined => (key === 'main' ? undefined : NAV_TEXTS.section[key]);

const LOGOUT: NavItem = { key: 'logout', label: NAV_TEXTS.logout, action: 'logout' };

/**
 * The navigation menu: the resources' menu entries (resources.ts), by section and their order in it, labelled with
 * the catalogue's nav texts (the Menu shows them translated, `nav.<key>`).
 */
export const NAV_MENU: readonly NavSection[] = SECTIONS.map((key) => ({
  key,
  ...(headingOf(key) ? { label: headingOf(key) } : {}),
  items: [
    ...MENU_ENTRIES.filter((e) => e.section === key)
      .sort((a, b) => a.order - b.order)
      .map(({ key: itemKey, to, icon }): NavItem => ({ key: itemKey, label: NAV_TEXTS[itemKey], to, icon })),
    ...(key === 'account' ? [LOGOUT] : []),
  ],
}));

/**
 * The menu a user sees: items whose route the roles may open (canAccessRoute: Super Admin Panel
 * only for super admins, role-guarded routes only with a role), sections left empty dropped.
 */
export function menuFor(roles: readonly Role[]): NavSection[] {
  return NAV_MENU.map((section) => ({
    ...section,
    items: section.items.filter((item) => !('to' in item) || canAccessRoute(item.to, roles)),
  })).filter((section) => section.items.length > 0);
}
