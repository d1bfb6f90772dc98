import { MIN_PASSWORD_LENGTH } from '#schema/constants'

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
