/** The layout's chunk (app bar, menu, account gate): App renders it lazily, preloadScreen starts it early. */
export const loadLayout = () => import('./Layout').then((m) => ({ default: m.PortalLayout }));
