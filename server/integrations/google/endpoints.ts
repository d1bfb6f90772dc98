import type { Env } from '../../env.ts'

/** Where Google's OAuth, Drive and Sheets endpoints live. */
export type GoogleEndpoints = {
  /** The consent screen (accounts.google.com). */
  oauth2AuthBaseUrl: string
  /** Code and refresh-token exchange, service-account JWT grants (oauth2.googleapis.com). */
  oauth2TokenUrl: string
  oauth2RevokeUrl: string
  /** Root of the Drive API, uploads included (www.googleapis.com). */
  driveRootUrl: string
  /** Root of the Sheets API (sheets.googleapis.com). */
  sheetsRootUrl: string
}

/**
 * Google's real endpoints, or all of them under GOOGLE_API_ROOT (a local stand-in that
 * speaks the same paths and JSON shapes: /o/oauth2/v2/auth, /token, /revoke,
 * /drive/v3/..., /upload/drive/v3/..., /v4/spreadsheets/...).
 */
export function googleEndpoints(env: Pick<Env, 'GOOGLE_API_ROOT'>): GoogleEndpoints {
  const root = env.GOOGLE_API_ROOT?.replace(/\/+$/, '')
  if (!root) {
    return {
      oauth2AuthBaseUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      oauth2TokenUrl: 'https://oauth2.googleapis.com/token',
      oauth2RevokeUrl: 'https://oauth2.googleapis.com/revoke',
      driveRootUrl: 'https://www.googleapis.com/',
      sheetsRootUrl: 'https://sheets.googleapis.com/',
    }
  }
  return {
    oauth2AuthBaseUrl: `${root}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${root}/token`,
    oauth2RevokeUrl: `${root}/revoke`,
    driveRootUrl: `${root}/`,
    sheetsRootUrl: `${root}/`,
  }
}
