import type { MailKind, MailStatus } from './db/system.ts'
import { emailAddress } from './email-address.ts'
import { z } from './zod.ts'

// Request bodies and answers of the password-reset calls and the outbox page
// (docs/behaviour.md: Wachtwoord vergeten, Uitgaande e-mail).

/** POST /api/auth/forgot-password and /api/gold-estates/auth/forgot-password. */
export const ForgotPasswordSchema = z.object({
  email: emailAddress('Ongeldig e-mailadres'),
})

/** The one answer to every accepted forgot-password request, known address or not. */
export const FORGOT_PASSWORD_ANSWER =
  'Als er een account met dit adres is, ontvang je binnen enkele minuten een e-mail.'

/** The :token of /api/auth/reset-password/:token: base32 text of a fixed size range. */
export const ResetTokenParamSchema = z.object({
  token: z.string().regex(/^[a-z2-7]{16,64}$/, {
    message: 'Deze herstellink is ongeldig. Vraag een nieuwe aan via Wachtwoord vergeten.',
  }),
})

/** One mail on the outbox page; `html` and `text` only while the page may show them. */
export type OutboxMail = {
  id: string
  kind: MailKind
  to: string
  subject: string
  status: MailStatus
  attempts: number
  lastError: string | null
  createdAt: number
  sentAt: number | null
  html: string | null
  text: string | null
  /** The address was refused for good, with the server's words; null while it takes mail. */
  bounce: MailBounce | null
}

/** An address a mail server refused for good: the server's words and when. */
export type MailBounce = { reason: string; at: number }

/** GET /api/admin/outbox: the mail server in use, its last error, the newest mails. */
export type OutboxView = {
  server: { host: string; port: number; secure: boolean; user: string | null; from: string } | null
  lastError: { at: number; message: string } | null
  mails: OutboxMail[]
}

/** POST /api/profile/email: the new address; the current password when the account has one. */
export const EmailChangeSchema = z.object({
  email: emailAddress('Voer een geldig e-mailadres in'),
  currentPassword: z.string().max(1024).optional(),
})

/** The :token of /api/auth/confirm-email/:token. */
export const EmailChangeTokenParamSchema = z.object({
  token: z.string().regex(/^[a-z2-7]{16,64}$/, {
    message: 'Deze bevestigingslink is ongeldig. Vraag de wijziging opnieuw aan.',
  }),
})

/** GET /api/profile/email: the address in use and a change waiting for its confirmation. */
export type EmailChangeView = {
  email: string
  pending: { email: string; expiresAt: number } | null
}

/** What the person sees while a change waits: the new address named. */
export const describePendingChange = (email: string) =>
  `Bevestig je nieuwe adres: we stuurden een e-mail naar ${email}. Tot je bevestigt, blijft je huidige adres in gebruik.`
