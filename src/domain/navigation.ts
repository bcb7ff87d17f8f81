import { canAccessRoute } from './routes';
import type { Role } from './roles';

/** One entry of the portal's navigation menu: a link to a route, or the logout action. */
export type NavItem =
  | { key: string; label: string; to: string }
  | { key: 'logout'; label: 'Logout'; action: 'logout' };

export interface NavSection {
  key: string;
  /** Section heading; the first section has none (Home, My Messages). */
  label?: string;
  items: NavItem[];
}

/** The navigation menu of spec 1 §2 / spec 3 §2, in its order. Labels are the spec's texts. */
export const NAV_MENU: readonly NavSection[] = [
  {
    key: 'main',
    items: [
      { key: 'home', label: 'Home', to: '/' },
      { key: 'messages', label: 'My Messages', to: '/inbox' },
    ],
  },
  {
    key: 'appointments',
    label: 'Appointments',
    items: [
      { key: 'bookings', label: 'Find Appointments', to: '/bookings' },
      { key: 'calendar', label: 'Calendar', to: '/booking-calendar' },
    ],
  },
  {
    key: 'lab',
    label: 'Lab',
    items: [
      { key: 'labRequests', label: 'Lab Requests', to: '/request' },
      { key: 'labResults', label: 'Lab Results', to: '/result' },
      { key: 'manageLabOrder', label: 'Manage Lab Order', to: '/manage-lab-order' },
      { key: 'shippingManifest', label: 'Shipping Manifest', to: '/shipping-manifest' },
    ],
  },
  {
    key: 'search',
    label: 'Search',
    items: [{ key: 'patientSearch', label: 'Patient Search', to: '/SearchPatient' }],
  },
  {
    key: 'compliance',
    label: 'Compliance',
    items: [
      { key: 'accessLog', label: 'PHI Access Log', to: '/access-log' },
      { key: 'breakGlass', label: 'Break-glass review', to: '/break-glass' }, // issue 22
    ],
  },
  {
    key: 'account',
    label: 'My Account',
    items: [
      { key: 'superAdmin', label: 'Super Admin Panel', to: '/super-admin' },
      { key: 'profile', label: 'Manage Profile License & Calendar', to: '/profile' },
      { key: 'logout', label: 'Logout', action: 'logout' },
    ],
  },
];

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
