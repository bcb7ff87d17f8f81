// The end of a sign-up, apart from its confirm form (ConfirmSignUpForm): the sign-in page needs this hook on every visit,
// the form (react-hook-form, zod) only for an account whose sign-up was never confirmed.
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router';
import type { PortalDataProvider } from '../providers/dataProvider';
import { getIdTokenSession } from '../providers/sessionCache';

type ProfileFields = { firstName?: string; lastName?: string; mobile?: string };

/** The phone given at sign-up, from the signed-in user's id token (names are read from the token by the server). */
export async function signUpFieldsFromToken(): Promise<ProfileFields> {
  try {
    const phone = (await getIdTokenSession()).payload.phone_number;
    // The phone rule's module holds the contact schemas (zod): loaded here, at the end of a sign-up, not with the sign-in page.
    const { isValidPhone } = await import('../../domain/shared/contact');
    return typeof phone === 'string' && isValidPhone(phone) ? { mobile: phone } : {};
  } catch {
    return {};
  }
}

/**
 * The end of a confirmed sign-up, from the sign-up page or the sign-in page: sign in, create the clinician profile
 * (id and e-mail from the token), and open the portal, which shows the pending-review screen until a super admin adds
 * the user to a group.
 */
export function useFinishSignUp() {
  const authProvider = useAuthProvider();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ email, password }: { email: string; password: string }, profile?: ProfileFields) => {
    await authProvider?.login({ username: email, password });
    await dataProvider.createClinicianProfile(profile ?? (await signUpFieldsFromToken()));
    // signed in outside react-admin's login form: drop the signed-out auth state it cached on this page (as useLogin does)
    await queryClient.resetQueries({ queryKey: ['auth'] });
    navigate('/');
  };
}
