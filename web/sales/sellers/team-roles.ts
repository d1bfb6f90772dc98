/** The team roles docs/behaviour.md names (docs/behaviour.md); any other text is allowed too. */
export const TEAM_ROLES = ['setter', 'ISA', 'closer'] as const

/** The select's value for "another role, typed". */
export const OTHER_ROLE = '__other__'

export const TEAM_ROLE_CHOICES = [
  { value: '', label: 'Geen rol' },
  { value: 'setter', label: 'Setter' },
  { value: 'ISA', label: 'ISA' },
  { value: 'closer', label: 'Closer' },
  { value: OTHER_ROLE, label: 'Andere rol...' },
] as const

/** Whether a stored role is one of the named ones (else it is free text). */
export function isNamedTeamRole(role: string | null): boolean {
  return role === null || role === '' || (TEAM_ROLES as readonly string[]).includes(role)
}
