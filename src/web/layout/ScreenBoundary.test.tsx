// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { SCREENS } from '../resources';
import { ScreenBoundary } from './ScreenBoundary';

/** The failure text a screen's resource folder declares for its spec URL. */
const failureOf = (path: string) => SCREENS.find((s) => s.path === path)?.failure;

const reported = vi.hoisted(() => [] as unknown[][]);
vi.mock('../providers/clientErrors', () => ({
  reportClientError: (...args: unknown[]) => {
    reported.push(args);
  },
}));

let fail = true;
const Crashing = () => {
  const [n] = useState(0);
  if (fail) throw new TypeError("Cannot read properties of undefined (reading 'IDENTITY_PASSPORT')");
  return <p>Shown {n}</p>;
};

describe('ScreenBoundary', () => {
  it("shows the screen's own failure text, reports the error by route, and Reload renders the screen again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    renderInAdmin(
      <ScreenBoundary failure={failureOf('/BookingDetails')}>
        <Crashing />
      </ScreenBoundary>,
      { initialEntries: ['/BookingDetails?bookingId=BK1'] },
    );
    expect(
      await screen.findByText('failed loading message details,cause: the screen could not be shown.Please try again with refresh'),
    ).toBeInTheDocument();
    expect(screen.getByText('The problem was reported to the support team.')).toBeInTheDocument();
    expect(reported).toHaveLength(1);
    expect(reported[0][0]).toBe('/BookingDetails');
    expect((reported[0][1] as Error).message).toContain('IDENTITY_PASSPORT');
    expect(String(reported[0][2])).toContain('Crashing');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Shown 0')).toBeInTheDocument();
  });

  it("a screen without a failure text of its own says 'Something went wrong'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fail = true;
    renderInAdmin(
      <ScreenBoundary failure={failureOf('/bookings')}>
        <Crashing />
      </ScreenBoundary>,
      { initialEntries: ['/bookings'] },
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
