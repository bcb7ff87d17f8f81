// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { UnconfirmedSignUpError } from '../providers/authProvider';
import { clearSessionCache } from '../providers/sessionCache';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { LoginPage } from './LoginPage';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  fetchAuthSession: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.setConfig({ testTimeout: 20_000 });

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

describe('LoginPage: an account whose sign-up was never confirmed', () => {
  beforeEach(() => {
    clearSessionCache();
    amplify.confirmSignUp.mockReset().mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    amplify.resendSignUpCode.mockReset().mockResolvedValue({ destination: 'a***@c***', deliveryMedium: 'EMAIL' });
    const now = Math.floor(Date.now() / 1000);
    amplify.fetchAuthSession.mockReset().mockResolvedValue({
      tokens: { idToken: { toString: () => 'tok', payload: { sub: 'sub-1', exp: now + 3600, iat: now, phone_number: '+17025550101' } } },
    });
  });

  const renderUnconfirmed = () => {
    const authProvider = signedOut();
    vi.mocked(authProvider.login).mockRejectedValueOnce(new UnconfirmedSignUpError(UI_TEXT.signInNeedsConfirmation));
    const createClinicianProfile = vi.fn(async () => ({}));
    renderInAdmin(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>Pending review</p>} />
      </Routes>,
      { authProvider, dataProvider: fakeDataProvider({ createClinicianProfile } as never), initialEntries: ['/login'] },
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@clinic.test ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return { authProvider, createClinicianProfile };
  };

  it('asks for the confirmation code, confirms it, signs in and creates the clinician profile', async () => {
    const { authProvider, createClinicianProfile } = renderUnconfirmed();
    expect(await screen.findByText('Enter the code sent to ada@clinic.test.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'ada@clinic.test', confirmationCode: '123456' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(authProvider.login).toHaveBeenLastCalledWith({ username: 'ada@clinic.test', password: 'Secret-Pass-1' });
    // names come from the token on the server; the phone given at sign-up is kept
    expect(createClinicianProfile).toHaveBeenCalledWith({ mobile: '+17025550101' });
  });

  it('sends a new code on request and says where it went', async () => {
    renderUnconfirmed();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@clinic.test' }));
    expect(await screen.findByText('A new code was sent to ada@clinic.test.')).toBeInTheDocument();
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();
  });

  it('shows why a wrong code was refused and stays on the code step; back returns to the sign-in form', async () => {
    amplify.confirmSignUp.mockRejectedValue(new Error('Invalid verification code provided'));
    renderUnconfirmed();
    fireEvent.change(await screen.findByLabelText('Confirmation code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sign-up failed. Invalid verification code provided')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmation code')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});
