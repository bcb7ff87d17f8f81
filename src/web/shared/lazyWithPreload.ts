import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/** A lazy component whose module download can be started early (`preload`). */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<Module<P>> };

/**
 * React.lazy with `preload`. Rendered after its module has arrived, it renders at once instead of suspending: React
 * reads a thenable that settles synchronously without suspending. That matters beyond one microtask: a Suspense
 * boundary that showed its fallback holds the content back until 300 ms after that fallback (React's reveal
 * throttle), so a layout and a screen preloaded at start-up would each still wait behind their spinner.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined; // a failed preload is tried again by the next preload or by the first render
        throw err;
      },
    );
    return loading;
  };
  const settled = (m: Module<P>) => ({ then: (resolve: (value: Module<P>) => void) => resolve(m) });
  const component = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<Module<P>>) : preload()));
  return Object.assign(component, { preload });
}
