// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Component, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

/** Behind a Suspense boundary whose fallback would show if the part suspended. */
const renderPart = (Part: ReturnType<typeof lazyWithPreload<{ name: string }>>) =>
  render(
    <Boundary>
      <Suspense fallback={<p>Suspended</p>}>
        <Part name="Ada" />
      </Suspense>
    </Boundary>,
  );

describe('lazyWithPreload', () => {
  it('renders a preloaded module in the first render, without its fallback', async () => {
    let loads = 0;
    const Part = lazyWithPreload(
      async () => {
        loads += 1;
        return { default: Greeting };
      },
      <p>Loading</p>,
    );
    await Part.preload();
    renderPart(Part);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('shows its own fallback, never suspending, until the module arrives; the download is shared with a later preload', async () => {
    let loads = 0;
    let arrive!: () => void;
    const Part = lazyWithPreload(
      () => {
        loads += 1;
        return new Promise<{ default: typeof Greeting }>((resolve) => {
          arrive = () => resolve({ default: Greeting });
        });
      },
      <p>Loading</p>,
    );
    renderPart(Part);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    // Not a Suspense fallback: React's 300 ms reveal throttle does not apply to what follows.
    expect(screen.queryByText('Suspended')).toBeNull();
    arrive();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await Part.preload();
    expect(loads).toBe(1);
  });

  it('replaces its fallback when the module arrives between the commit and its effect', async () => {
    let arrive!: () => void;
    const Part = lazyWithPreload(
      () =>
        new Promise<{ default: typeof Greeting }>((resolve) => {
          arrive = () => resolve({ default: Greeting });
        }),
      <p>Loading</p>,
    );
    void Part.preload(); // started early, as preloadScreen does
    // Resolves the download during the commit: its continuation runs before React's passive effects (a later task).
    const ArriveOnCommit = () => {
      useLayoutEffect(() => arrive(), []);
      return null;
    };
    // React's own scheduler, not act(): act would run the effects in the same go as the commit.
    const act = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    const root = createRoot(container);
    try {
      root.render(
        <>
          <Part name="Ada" />
          <ArriveOnCommit />
        </>,
      );
      for (let i = 0; i < 100 && !container.textContent?.includes('Hello Ada'); i++) await new Promise((r) => setTimeout(r, 10));
      expect(container.textContent).toBe('Hello Ada');
    } finally {
      root.unmount();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = act;
    }
  });

  it('a failed download reaches the error boundary, and the next preload tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    let loads = 0;
    const Part = lazyWithPreload(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { default: Greeting };
    });
    renderPart(Part);
    expect(await screen.findByText('Failed: offline')).toBeInTheDocument();
    await expect(Part.preload()).resolves.toEqual({ default: Greeting });
    renderPart(Part);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(loads).toBe(2);
    vi.restoreAllMocks();
  });
});
