/**
 * Why a single sign-on did not sign anyone in, as the server redirects to `/?login=true&error=<code>` and the
 * 'Log in / Sign up' modal explains it.
 */
export const SIGN_IN_ERRORS = {
  access_denied: 'You cancelled the sign-in, or your account did not allow it.',
  provider_error: 'Your sign-in provider answered with an error. Please try again.',
  provider_unavailable: 'We could not reach your sign-in provider. Please try again in a moment.',
  state_missing: 'Your sign-in took too long or started in another browser. Please try again.',
  state_mismatch: 'Your sign-in took too long or started in another browser. Please try again.',
  sign_in_failed: 'We could not check your sign-in. Please try again.',
  email_missing: 'Your sign-in provider did not share an e-mail address with us.',
  email_unverified: 'Your sign-in provider has not verified your e-mail address.',
  email_in_use:
    'An account with this e-mail address already exists. Sign in the way you did before; this sign-in provider has not verified that the address is yours.',
  company_exists:
    'Your company already uses MeetWell. Ask one of its admins to invite you: the link in the invite adds you to the team.',
  server_error: 'Something went wrong on our side. Please try again.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as SignInErrorCode] : null;
}
