import { describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../domain/shared/routes';
import { NAV_MENU } from './navigation';
import { MENU_ENTRIES, PORTAL_RESOURCES, RESOURCE_ENDPOINTS, SCREENS } from './resources';
import { portalRoutes } from './routes';

/*
 * The one list of resources (resources.ts) is what the router, the menu, the dataProvider and canAccess read: a
 * screen in a resource folder is routed, a menu entry leads to a routed screen, each spec URL has exactly one screen.
 */

const routedPaths = portalRoutes().map((route) => (route.props as { path: string }).path);
const screenPaths = SCREENS.map((s) => s.path);

describe('the resources, one list', () => {
  it('routes every screen of every resource folder at its spec URL, and its path-parameter form', () => {
    for (const resource of PORTAL_RESOURCES) {
      for (const { path, param } of resource.screens ?? []) {
        // '/' is react-admin's dashboard (App.tsx), every other screen a custom route.
        if (path !== '/') expect(routedPaths, `${resource.name} ${path}`).toContain(path);
        if (param) expect(routedPaths, `${resource.name} ${path}`).toContain(`${path}/:${param.name}`);
      }
    }
    expect(routedPaths).not.toContain('/');
    expect(new Set(routedPaths).size).toBe(routedPaths.length);
  });

  it('gives each spec URL of domain/routes.ts exactly one screen, and no screen at another URL', () => {
    for (const { path } of PORTAL_ROUTES)
      expect(
        screenPaths.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    const specPaths = PORTAL_ROUTES.map((r) => r.path);
    for (const path of screenPaths) expect(specPaths, path).toContain(path);
    // A routed path is a spec URL or its path-parameter form.
    for (const path of routedPaths) expect(specPaths, path).toContain(path.replace(/\/:[A-Za-z]+$/, ''));
  });

  it('points every menu entry at a routed screen, and the menu shows every entry once', () => {
    for (const { key, to } of MENU_ENTRIES) expect(to === '/' || routedPaths.includes(to), `${key} -> ${to}`).toBe(true);
    const menuKeys = NAV_MENU.flatMap((s) => s.items.map((i) => i.key));
    expect(new Set(menuKeys).size).toBe(menuKeys.length);
    expect(menuKeys.filter((k) => k !== 'logout').sort()).toEqual(MENU_ENTRIES.map((e) => e.key).sort());
  });

  it("guards each dataProvider resource (canAccess) by a screen's route, its folder's first screen unless it names one", () => {
    for (const [name, { route }] of Object.entries(RESOURCE_ENDPOINTS)) expect(screenPaths, name).toContain(route);
    expect(RESOURCE_ENDPOINTS['lab-results'].route).toBe('/result');
    expect(RESOURCE_ENDPOINTS['patient-kits'].route).toBe('/PatientProfile');
    expect(RESOURCE_ENDPOINTS.templates.route).toBe('/profile');
  });

  it('names each resource folder once', () => {
    const names = PORTAL_RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
