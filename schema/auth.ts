import type { UserFields } from './central.ts'
import { DEFAULT_ORGANISATION_ID, MIN_PASSWORD_LENGTH } from './constants.ts'
import { emailAddress } from './email-address.ts'
import type { PermissionName } from './permissions.ts'
import { UserRoleSchema } from './role-schemas.ts'
import { z } from './zod.ts'

// Request bodies of the sign-in calls (docs/behaviour.md: payloads and validation).
// Lengths are capped so that a hostile body cannot make argon2 or SQLite work hard.

const email = emailAddress('Ongeldig e-mailadres')
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, {
    message: `Wachtwoord moet minimaal ${MIN_PASSWORD_LENGTH} karakters zijn`,
  })
  .max(1024, { message: 'Wachtwoord is te lang' })
const name = z
  .string()
  .trim()
  .min(2, { message: 'Naam moet minimaal 2 karakters zijn' })
  .max(120, { message: 'Naam is te lang' })

/** POST /api/auth/login/email and the sales login. */
export const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { message: 'Email is verplicht' }).max(254),
  password: z.string().min(1, { message: 'Wachtwoord is verplicht' }).max(1024),
})

/**
 * POST /api/auth/login/choose and the sales one: the organisation picked on "Kies je
 * organisatie", with the token the sign-in answered instead of the password.
 */
export const OrganisationChoiceSchema = z.object({
  choiceToken: z
    .string({ message: 'Ongeldige keuze' })
    .regex(/^[a-z2-7]{16,64}$/, { message: 'Ongeldige keuze' }),
  organisationId: z
    .string({ message: 'Kies een organisatie' })
    .trim()
    .min(1, { message: 'Kies een organisatie' })
    .max(100, { message: 'Kies een organisatie' }),
})

/**
 * POST /api/auth/switch-organisation: "Wissel van organisatie". Only an organisation whose
 * account the session's own sign-in proved opens (decision 028); the id only picks one.
 */
export const SwitchOrganisationSchema = z.object({
  organisationId: z
    .string({ message: 'Kies een organisatie' })
    .trim()
    .min(1, { message: 'Kies een organisatie' })
    .max(100, { message: 'Kies een organisatie' }),
})

/** How self-registration works (the REGISTRATION setting; GET /api/auth/registration). */
export const REGISTRATION_MODES = ['approval', 'open', 'closed'] as const
export type RegistrationMode = (typeof REGISTRATION_MODES)[number]

/**
 * POST /api/auth/register/email; the organisation is fixed to default-org. The body keeps
 * the field's American spelling, as the functional specification names it; the server
 * reads it as `organisationId`.
 */
export const RegisterSchema = z
  .object({
    name,
    email,
    password,
    organizationId: z
      .literal(DEFAULT_ORGANISATION_ID, {
        message: `Registreren kan alleen in ${DEFAULT_ORGANISATION_ID}`,
      })
      .default(DEFAULT_ORGANISATION_ID),
  })
  .transform(({ organizationId, ...input }) => ({ ...input, organisationId: organizationId }))

/** POST /api/auth/simple-setup. */
export const SimpleSetupSchema = z.object({ name, email, password })

/** POST /api/auth/setup/:token. */
export const TokenSetupSchema = z.object({ password })

/** The :token route parameter: base32 text of a fixed size range. */
export const SetupTokenParamSchema = z.object({
  token: z.string().regex(/^[a-z2-7]{16,64}$/, { message: 'Ongeldige of verlopen token' }),
})

/**
 * GET /api/auth/user. The organisation's id keeps its American spelling on the wire:
 * installed web clients of an older version and the user a page remembers for opening
 * offline read it (docs/decisions/020-the-spelling-organisation.md).
 */
export type CurrentUser = UserFields & {
  organizationId: string
  profileImageUrl: string | null
  /** What the user may do, as the server resolves it (role, grants, platform rights). */
  permissions: PermissionName[]
  /** The name of the organisation signed in to, shown in the header and the menu. */
  organisationName?: string
  /**
   * The other organisations this sign-in proved an account in ("Wissel van organisatie",
   * decision 028); empty for most people.
   */
  otherOrganisations?: { id: string; name: string }[]
  /** The organisation's last restore when it was recent (docs/behaviour.md), else null. */
  lastRestore?: RestoreNotice | null
}

/** What a person reads after a restore: which backup, when, and by whom. */
export type RestoreNotice = {
  restoredAt: number
  /** When the restored backup was made (the file's createdAt). */
  backupCreatedAt: number
  restoredBy: string
}

/** Options of `npm run setup-token`. */
export const SetupTokenCommandSchema = z.object({
  email,
  name: name.optional(),
  role: UserRoleSchema.default('USER'),
  org: z.string().min(1).default(DEFAULT_ORGANISATION_ID),
})
