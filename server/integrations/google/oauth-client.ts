import type { OAuth2Client } from 'google-auth-library'
import type { Env } from '../../env.ts'
import { googleEndpoints } from './endpoints.ts'

/** Only files this app creates or opens: enough for a backup folder, nothing else of the Drive. */
export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file'

/** Where Google sends the browser back after consent; register it with the OAuth client. */
export const DRIVE_CALLBACK_PATH = '/api/backup/google-drive/callback'

/** Whether this installation has OAuth credentials for Google (docs/architecture.md, Operating contract). */
export function isGoogleOAuthConfigured(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>,
) {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

/**
 * An OAuth2Client for this installation, pointed at GOOGLE_API_ROOT when set. Loaded on
 * first use: most starts (and most tests) never talk to Google.
 */
export async function createGoogleOAuthClient(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_API_ROOT' | 'PUBLIC_URL'>,
): Promise<OAuth2Client> {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
    throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set')
  }
  const { OAuth2Client } = await import('google-auth-library')
  const endpoints = googleEndpoints(env)
  return new OAuth2Client({
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: `${env.PUBLIC_URL}${DRIVE_CALLBACK_PATH}`,
    endpoints: {
      oauth2AuthBaseUrl: endpoints.oauth2AuthBaseUrl,
      oauth2TokenUrl: endpoints.oauth2TokenUrl,
      oauth2RevokeUrl: endpoints.oauth2RevokeUrl,
    },
  })
}
