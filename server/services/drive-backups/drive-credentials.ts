import type { Credentials } from 'google-auth-library'
import { getSecretBox } from '../../auth/secret-box.ts'
import type { Env } from '../../env.ts'
import type { findBackupSettings } from './find-backup-settings.ts'

type Row = ReturnType<typeof findBackupSettings>
type KeyEnv = Pick<Env, 'SECRETS_KEY' | 'SYSTEM_DIR'>

// The organisation is part of what is sealed, so a token copied into another organisation's
// row does not open.
const purpose = (column: string, organisationId: string) =>
  `backup_settings.${column}:${organisationId}`

/** The stored tokens as google-auth-library credentials; null when none are stored. */
export function readDriveCredentials(env: KeyEnv, row: Row): Credentials | null {
  if (!row.googleRefreshToken) return null
  const box = getSecretBox(env)
  const refreshToken = box.open(
    row.googleRefreshToken,
    purpose('google_refresh_token', row.organisationId),
  )
  // The access token is kept with its expiry, so an expired one is refreshed before a request
  // (a multipart upload's body cannot be sent twice after a 401).
  const access = row.googleAccessToken
    ? (JSON.parse(
        box.open(row.googleAccessToken, purpose('google_access_token', row.organisationId)),
      ) as { token: string; expiresAt: number | null })
    : null
  return {
    refresh_token: refreshToken,
    access_token: access?.token ?? null,
    expiry_date: access?.expiresAt ?? null,
  }
}

/**
 * Column values for new tokens, sealed (AES-256-GCM). A refresh answer usually has no new
 * refresh token; then the stored one stays.
 */
export function sealDriveCredentials(env: KeyEnv, organisationId: string, tokens: Credentials) {
  const box = getSecretBox(env)
  return {
    ...(tokens.access_token && {
      googleAccessToken: box.seal(
        JSON.stringify({ token: tokens.access_token, expiresAt: tokens.expiry_date ?? null }),
        purpose('google_access_token', organisationId),
      ),
    }),
    ...(tokens.refresh_token && {
      googleRefreshToken: box.seal(
        tokens.refresh_token,
        purpose('google_refresh_token', organisationId),
      ),
    }),
  }
}
