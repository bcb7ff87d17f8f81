// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { PASSWORD_POLICY_TEXT, PROFILE_UI } from '../../domain/i18n/en/profile';
import { SignUpPage } from './SignUpPage';

const amplify = vi.hoisted(() => ({ signUp: vi.fn(), confirmSignUp: vi.fn(), resendSignUpCode: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
vi.setConfig({ testTimeout: 20_000 });

const render = () => {
  const authProvider = fakeAuthProvider();
  const createClinicianProfile = vi.fn(async () => ({}));
  renderInAdmin(
    <Routes>
      <Route path="/sign-up" element={<SignUpPage />} />
      <Route path="/" element={<p>Pending review</p>} />
      <Route path="/login" element={<p>Sign-in page</p>} />
    </Routes>,
    { authProvider, dataProvider: fakeDataProvider({ createClinicianProfile } as never), initialEntries: ['/sign-up'] },
  );
  return { authProvider, createClinicianProfile };
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fill(phone: string, password = 'Secret-Pass-1') {
  type('First name', ' Ada ');
  type('Last name', 'Lovelace');
  type('Email', 'ada@clinic.test');
  type('Password', password);
  type('Phone', phone);
}

describe('SignUpPage', () => {
  beforeEach(() => {
    amplify.signUp.mockReset().mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockReset().mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  });

  it('requires every field and a phone of 10 digits or 11 with a leading 1', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findAllByText(/required/)).not.toHaveLength(0);
    fill('21234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Phone must be 10 digits, or 11 with a leading 1')).toBeInTheDocument();
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('signs up, confirms the code, creates the profile and lands on the pending screen', async () => {
    const { authProvider, createClinicianProfile } = render();
    await screen.findByRole('button', { name: 'Sign up' });
    fill('1 (702) 555-0101');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(amplify.signUp).toHaveBeenCalledWith({
        username: 'ada@clinic.test',
        password: 'Secret-Pass-1',
        options: { userAttributes: { email: 'ada@clinic.test', given_name: 'Ada', family_name: 'Lovelace', phone_number: '+17025550101' } },
      }),
    );
    expect(await screen.findByText('Enter the code sent to ada@clinic.test.')).toBeInTheDocument();
    type('Confirmation code', ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'ada@clinic.test', confirmationCode: '123456' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(authProvider.login).toHaveBeenCalledWith({ username: 'ada@clinic.test', password: 'Secret-Pass-1' });
    expect(createClinicianProfile).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace', mobile: '+17025550101' });
  });

  it('shows why a wrong code was refused and stays on the code step', async () => {
    amplify.confirmSignUp.mockRejectedValue(new Error('Invalid verification code provided'));
    render();
    await screen.findByRole('button', { name: 'Sign up' });
    fill('7025550101');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByLabelText('Confirmation code');
    type('Confirmation code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sign-up failed. Invalid verification code provided')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmation code')).toBeInTheDocument();
  });

  it("states the identity provider's password policy and checks it before sending", async () => {
    render();
    expect(await screen.findByText(PASSWORD_POLICY_TEXT.rule)).toBeInTheDocument();
    fill('7025550101', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password needs an upper-case letter, a digit, a symbol')).toBeInTheDocument();
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('offers to sign in or confirm when the e-mail already has an account', async () => {
    amplify.signUp.mockRejectedValue(Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }));
    render();
    await screen.findByRole('button', { name: 'Sign up' });
    fill('7025550101');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_UI.signUp.alreadyExists);
    expect(screen.queryByText(/Sign-up failed/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: PROFILE_UI.signUp.alreadyExistsAction }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });

  it('a new submit clears the earlier refusal, also when the new one stops at the field checks', async () => {
    amplify.signUp.mockRejectedValue(new Error('Network error'));
    render();
    await screen.findByRole('button', { name: 'Sign up' });
    fill('7025550101');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/Sign-up failed/)).toBeInTheDocument();
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/Password needs/)).toBeInTheDocument();
    expect(screen.queryByText(/Sign-up failed/)).not.toBeInTheDocument();
    expect(amplify.signUp).toHaveBeenCalledTimes(1);
  });
});
