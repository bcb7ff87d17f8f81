// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_TEXT } from '../../domain/i18n/en/session';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { IdleLogoff } from './IdleLogoff';
import { IdleSettingsContext } from './idleSettings';
import { LoginPage } from './LoginPage';

/** Short settings so the tests run on real timers: the warning after 2 s idle, sign-out after 3 s. */
const SHORT = { timeoutSeconds: 3, warningSeconds: 1 };
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function setup(settings = SHORT) {
  const authProvider = fakeAuthProvider();
  let location: Location | undefined;
  renderInAdmin(
    <IdleSettingsContext.Provider value={settings}>
      <IdleLogoff />
    </IdleSettingsContext.Provider>,
    { authProvider, onLocation: (l) => (location = l) },
  );
  return { authProvider, location: () => location };
}

const dialog = () => screen.queryByRole('alertdialog');

describe('IdleLogoff', () => {
  it('warns before the idle time is up, counting down the seconds left', async () => {
    const { authProvider } = setup({ timeoutSeconds: 4, warningSeconds: 3 });
    expect(dialog()).toBeNull();
    expect(await screen.findByRole('alertdialog', {}, { timeout: 2500 })).toHaveTextContent(SESSION_TEXT.idleWarningTitle);
    const secondsShown = () => Number(/signed out in (\d+) seconds because of inactivity/.exec(dialog()?.textContent ?? '')?.[1]);
    const first = secondsShown();
    expect(first).toBeGreaterThanOrEqual(1); // a 3 s warning, less the time the screen took to render (a busy machine: more)
    expect(first).toBeLessThanOrEqual(3);
    await waitFor(() => expect(secondsShown()).toBeLessThan(first), { timeout: 3000 });
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('"Stay signed in" closes the warning and starts the idle time again', async () => {
    const { authProvider } = setup();
    fireEvent.click(await screen.findByRole('button', { name: SESSION_TEXT.staySignedIn }, { timeout: 2500 }));
    await waitFor(() => expect(dialog()).toBeNull());
    await wait(1300); // past the first deadline (3 s after mount): still signed in, the next warning 2 s after "stay"
    expect(dialog()).toBeNull();
    expect(authProvider.logout).not.toHaveBeenCalled();
    expect(await screen.findByRole('alertdialog', {}, { timeout: 2500 })).toBeInTheDocument(); // idle again: warned again
  });

  it('activity before the warning keeps the session', async () => {
    const { authProvider } = setup();
    for (let i = 0; i < 8; i++) {
      await wait(400);
      fireEvent.keyDown(document, { key: 'a' });
    }
    expect(dialog()).toBeNull(); // 3.2 s with activity: never warned
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it("without an answer: signs out (server revocation is the auth provider's logout) and opens the login page saying why", async () => {
    const { authProvider, location } = setup();
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalledTimes(1), { timeout: 4500 });
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(location()?.search).toBe('?reason=idle');
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('"Sign out now" signs out at once', async () => {
    const { authProvider } = setup();
    fireEvent.click(await screen.findByRole('button', { name: SESSION_TEXT.signOutNow }, { timeout: 2500 }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalledTimes(1));
  });
});

describe('login page after an idle logoff', () => {
  it('says the session ended because of inactivity', async () => {
    const authProvider = fakeAuthProvider();
    vi.mocked(authProvider.checkAuth).mockRejectedValue(new Error('signed out'));
    renderInAdmin(<LoginPage />, { authProvider, initialEntries: ['/login?reason=idle'] });
    expect(await screen.findByText(SESSION_TEXT.idleSignedOut)).toBeInTheDocument();
  });
});
