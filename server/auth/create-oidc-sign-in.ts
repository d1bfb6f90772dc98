import type { AppDeps } from '../context.ts'
import type { Env } from '../env.ts'
import type { OidcSignIn } from './oidc.ts'

/** The OIDC sign-in when OIDC_* are set; null (SSO off) otherwise. */
export async function createOidcSignIn(
  env: Env,
  _deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
): Promise<OidcSignIn | null> {
  if (!env.OIDC_ISSUER) return null
  throw new Error('OIDC sign-in is being built')
}
