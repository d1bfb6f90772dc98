/**
 * The product's release, named on the landing page. The running build's own version and day
 * (Instellingen → Systeem, GET /api/health) come from the build: schema/build-info.ts.
 */
export const PRODUCT_VERSION = '1.0.86'

/** The changelog shown under Instellingen → Systeem, newest first. */
export const CHANGELOG: readonly { version: string; date: string; changes: readonly string[] }[] = [
  {
    version: '1.0.86',
    date: '26-10-2025',
    changes: [
      'Eigen SQLite-database per organisatie',
      'Inloggen met e-mail, wachtwoord en SSO (OpenID Connect)',
      'Setup-links voor nieuwe gebruikers, 7 dagen geldig',
      'Licht en donker thema',
    ],
  },
]

/** The organisation that exists after the first start and that registration joins. */
export const DEFAULT_ORGANISATION_ID = 'default-org'

/** Minimum password length for every account (docs/behaviour.md, Constants). */
export const MIN_PASSWORD_LENGTH = 8

/** How long a session lasts at most after sign-in, however much it is used (decision 002). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/**
 * How long a REST call queued on a device waits to be sent (web/lib/offline-queue); one
 * older is marked expired there and never sent.
 */
export const OFFLINE_QUEUE_MAX_AGE_MS = SESSION_MAX_AGE_MS

/**
 * How long the server keeps a processed Idempotency-Key with its answer: as long as a
 * queued call may still be replayed, and a day more for a device whose clock runs behind.
 */
export const IDEMPOTENCY_RECORD_MAX_AGE_MS = OFFLINE_QUEUE_MAX_AGE_MS + 24 * 60 * 60 * 1000

/** How long a refused replicated write is kept for its person (Niet verwerkte wijzigingen). */
export const SYNC_REFUSAL_MAX_AGE_MS = SESSION_MAX_AGE_MS

/** How long a setup link stays valid. */
export const SETUP_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** How long a password-reset link from a mail works (once). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000

/** How long the link confirming a new sign-in address works (docs/behaviour.md, E-mailadres wijzigen). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000
