// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
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
    const Part = lazyWithPreload(async () => {
      loads += 1;
      return { default: Greeting };
    }, <p>Loading</p>);
    await Part.preload();
    renderPart(Part);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('shows its own fallback, never suspending, until the module arrives; the download is shared with a later preload', async () => {
    let loads = 0;
    let arrive!: () => void;
    const Part = lazyWithPreload(() => {
      loads += 1;
      return new Promise<{ default: typeof Greeting }>((resolve) => { arrive = () => resolve({ default: Greeting }); });
    }, <p>Loading</p>);
    renderPart(Part);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    // Not a Suspense fallback: React's 300 ms reveal throttle does not apply to what follows.
    expect(screen.queryByText('Suspended')).toBeNull();
    arrive();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await Part.preload();
    expect(loads).toBe(1);
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
