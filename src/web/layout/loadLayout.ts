import { createElement } from 'react';
import { LoadingPage } from 'react-admin';
import { lazyWithPreload } from '../shared/lazyWithPreload';

/** The layout (app bar, menu, account gate) as its own chunk: App renders it, preloadScreen starts its download early. */
export const LazyPortalLayout = lazyWithPreload(() => import('./Layout').then((m) => ({ default: m.PortalLayout })), createElement(LoadingPage));
