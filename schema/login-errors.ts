/**
 * Why a sign-in through SSO failed, as the sign-in page shows it (English, like that page).
 * The server sends only the code (/login?error=<code>); any other value shows nothing, so
 * a link cannot put words of its own on the sign-in page.
 */
export const LOGIN_ERRORS = {
  sso_not_configured:
    'SSO is not configured for this installation. Sign in with your e-mail and password.',
  sso_unavailable:
    'SSO is unavailable right now. Try again later or sign in with your e-mail and password.',
  sso_expired: 'This SSO sign-in expired or was started in another browser. Please try again.',
  sso_refused: 'The identity provider did not complete the sign-in. Please try again.',
  sso_failed: 'SSO sign-in could not be completed. Please try again.',
  // Unknown people and unverified addresses get the same answer, so that an identity
  // provider account claiming someone's address cannot learn whether it has an account.
  no_account:
    'No active account is linked to this sign-in. Ask your administrator for an invitation.',
  not_active: 'This account is not active. Contact your administrator.',
  // Said only to someone whose provider verified the address: they own it.
  several_organisations:
    'This e-mail address has accounts in several organisations. Sign in with your e-mail and password to choose one.',
  other_identity:
    'This account is linked to a different SSO identity. Ask your administrator for help.',
} as const

/** A reason the sign-in page can show. */
export type LoginErrorCode = keyof typeof LOGIN_ERRORS

/** The text for a ?error= value; undefined for anything that is not a known code. */
export function describeLoginError(code: string | null): string | undefined {
  return code !== null && Object.hasOwn(LOGIN_ERRORS, code)
    ? LOGIN_ERRORS[code as LoginErrorCode]
    : undefined
}
