// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { LoginPage } from './LoginPage';

function signedOut() {
  const authProvider = fakeAuthProvider();
  vi.mocked(authProvider.checkAuth).mockRejectedValue(new Error('signed out'));
  return authProvider;
}

describe('LoginPage', () => {
  it('signs in with the e-mail and password typed, on submit (Enter)', async () => {
    const authProvider = signedOut();
    renderInAdmin(<LoginPage />, { authProvider, initialEntries: ['/login'] });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    await waitFor(() => expect(authProvider.login).toHaveBeenCalledWith({ username: 'jane@example.com', password: 'secret' }));
  });

  it('shows why sign-in failed', async () => {
    const authProvider = signedOut();
    vi.mocked(authProvider.login).mockRejectedValue(new Error('Incorrect username or password.'));
    renderInAdmin(<LoginPage />, { authProvider, initialEntries: ['/login'] });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
  });

  it('asks for both fields before calling the identity provider', async () => {
    const authProvider = signedOut();
    renderInAdmin(<LoginPage />, { authProvider, initialEntries: ['/login'] });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(authProvider.login).not.toHaveBeenCalled();
  });
});
