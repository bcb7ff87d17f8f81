// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyTooltip } from './LazyTooltip';

const renderIt = () =>
  render(
    <LazyTooltip title="Why not">
      <span tabIndex={0} aria-label="Send: Why not">
        Send
      </span>
    </LazyTooltip>,
  );

describe('LazyTooltip', () => {
  it('renders its child alone until the first hover, which opens the MUI tooltip', async () => {
    renderIt();
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(screen.getByText('Send'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Why not');
  });

  it('opens on keyboard focus too, and closes when the pointer leaves', async () => {
    renderIt();
    fireEvent.focus(screen.getByText('Send'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Why not');
    fireEvent.blur(screen.getByText('Send'));
    fireEvent.mouseLeave(screen.getByText('Send'));
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });
});
