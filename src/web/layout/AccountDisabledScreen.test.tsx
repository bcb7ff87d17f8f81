// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../domain/i18n/en/app';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { AccountDisabledScreen } from './AccountDisabledScreen';
import { LoginPage } from './LoginPage';
import { Route, Routes } from 'react-router';

describe('AccountDisabledScreen', () => {
  it('shows the message, then signs out to the login page that repeats it', async () => {
    const authProvider = fakeAuthProvider({ groups: ['clinicians'] });
    (authProvider.checkAuth as ReturnType<typeof import('vitest').vi.fn>).mockRejectedValue(new Error('signed out'));
    let location: Location | undefined;
    renderInAdmin(
      <Routes>
        <Route path="/" element={<AccountDisabledScreen delayMs={50} />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { authProvider, onLocation: (l) => (location = l) },
    );
    expect(screen.getByText(TEXT.accountDisabled)).toBeInTheDocument();
    await waitFor(() => expect(location?.pathname).toBe('/login'));
    expect(authProvider.logout).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(TEXT.accountDisabled)).toBeInTheDocument();
  });
});
