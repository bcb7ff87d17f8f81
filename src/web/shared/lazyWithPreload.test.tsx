// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const renderBehindSuspense = (Part: ReturnType<typeof lazyWithPreload<{ name: string }>>) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Part name="Ada" />
    </Suspense>,
  );

describe('lazyWithPreload', () => {
  it('renders a preloaded module in the first render, without its fallback', async () => {
    let loads = 0;
    const Part = lazyWithPreload(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Part.preload();
    renderBehindSuspense(Part);
    // Synchronously: no "Loading" was ever committed, so React has no fallback to throttle the reveal behind.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends behind the fallback when not preloaded, then renders; the download is shared with a later preload', async () => {
    let loads = 0;
    const Part = lazyWithPreload(async () => {
      loads += 1;
      return { default: Greeting };
    });
    renderBehindSuspense(Part);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await Part.preload();
    expect(loads).toBe(1);
  });

  it('a failed download is tried again by the next preload', async () => {
    let loads = 0;
    const Part = lazyWithPreload(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { default: Greeting };
    });
    await expect(Part.preload()).rejects.toThrow('offline');
    await expect(Part.preload()).resolves.toEqual({ default: Greeting });
    renderBehindSuspense(Part);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});
