import { createElement, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

type Module<P> = { default: ComponentType<P> };

/** A lazily loaded component whose module download can be started early (`preload`). */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<Module<P>> };

/**
 * A component loaded on demand, with `preload` to start its download early. Unlike React.lazy it never suspends:
 * until its module has arrived it renders `fallback` itself, then renders again with a plain state update.
 *
 * Why not React.lazy: a Suspense boundary that committed its fallback reveals the content only 300 ms after that
 * fallback (React's reveal throttle), even when the module arrives sooner. In a trace of a full load of /result, the
 * rendered list waited ~250 ms for that timer before its commit (and its first fetch); opening Lab Results from the
 * menu, measured A/B, got 20-60 ms faster. A state update is committed as soon as it is rendered.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<Module<P>>, fallback: ReactNode = null): PreloadableComponent<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined; // a failed download is tried again by the next preload or the next mount
        throw err;
      },
    );
    return loading;
  };

  const Lazy = (props: P) => {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    // What the first render showed, not `loaded` when the effect runs: the module may arrive between the commit and
    // this effect, and the fallback on screen must still be replaced.
    const showedFallback = !loaded;
    useEffect(() => {
      if (!showedFallback) return undefined;
      let mounted = true;
      preload().then(
        () => mounted && arrived(),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [showedFallback]);
    if (failure) throw failure.error; // to the nearest error boundary, as React.lazy does
    return loaded ? createElement(loaded.default, props) : fallback;
  };
  return Object.assign(Lazy, { preload });
}
