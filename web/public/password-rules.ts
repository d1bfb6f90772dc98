import { MIN_PASSWORD_LENGTH } from '#schema/constants'
import type { ToastInput } from '../lib/toasts.ts'

export type PasswordProblem = 'too-short' | 'mismatch'

/** docs/behaviour.md: at least MIN_PASSWORD_LENGTH characters, and the confirmation must match. */
export function findPasswordProblem(
  password: string,
  confirmation: string,
): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too-short'
  if (password !== confirmation) return 'mismatch'
  return null
}

export const PASSWORD_TOO_SHORT_TEXT = `Wachtwoord moet minimaal ${MIN_PASSWORD_LENGTH} karakters zijn`
export const PASSWORD_HINT = `Minimaal ${MIN_PASSWORD_LENGTH} karakters`

/** The toast that says why a password is refused (registration and a setup link). */
export function describePasswordProblem(problem: PasswordProblem): ToastInput {
  return problem === 'too-short'
    ? { title: 'Wachtwoord te kort', description: PASSWORD_TOO_SHORT_TEXT, variant: 'destructive' }
    : {
        title: 'Wachtwoorden komen niet overeen',
        description: 'Controleer je wachtwoord',
        variant: 'destructive',
      }
}
