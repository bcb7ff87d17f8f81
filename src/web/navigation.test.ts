import { describe, expect, it } from 'vitest';
import { NAV_MENU, menuFor } from './navigation';
import { PORTAL_ROUTES } from '../domain/shared/routes';

const labels = (sections: ReturnType<typeof menuFor>) => sections.flatMap((s) => s.items.map((i) => i.label));

describe('navigation menu', () => {
  it('lists the spec menu in order, with its section headings', () => {
    expect(NAV_MENU.map((s) => s.label)).toEqual([undefined, 'Appointments', 'Lab', 'Search', 'Compliance', 'My Account']);
    expect(labels(NAV_MENU as ReturnType<typeof menuFor>)).toEqual([
      'Home',
      'My Messages',
      'Find Appointments',
      'Calendar',
      'Lab Requests',
      'Lab Results',
      'Manage Lab Order',
      'Shipping Manifest',
      'Patient Search',
      'PHI Access Log',
      'Break-glass review',
      'Super Admin Panel',
      'Manage Profile License & Calendar',
      'Logout',
    ]);
  });

  it('links only to portal routes', () => {
    const paths = PORTAL_ROUTES.map((r) => r.path);
    for (const item of NAV_MENU.flatMap((s) => s.items)) {
      if ('to' in item) expect(paths).toContain(item.to);
    }
  });

  it('shows the Super Admin Panel to super admins only', () => {
    expect(labels(menuFor(['super_admin']))).toContain('Super Admin Panel');
    expect(labels(menuFor(['clinicians']))).not.toContain('Super Admin Panel');
    expect(labels(menuFor(['auditor_read_only', 'staff']))).not.toContain('Super Admin Panel');
  });

  it('leaves a user without a role the unguarded entries only', () => {
    expect(labels(menuFor([]))).toEqual(['Home', 'Manage Profile License & Calendar', 'Logout']);
    expect(menuFor([]).map((s) => s.key)).toEqual(['main', 'account']);
  });
});
