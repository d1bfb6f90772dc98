import { ROLE_LABELS, SALES_ROLE_LABELS, type SalesRole, type UserRole } from '#schema/roles'

/** What POST /api/auth/setup/:token says of the account it set up. */
export type SetupAnswer = { kind: 'central' | 'sales'; role: string }

/**
 * The success toast's text: the specification's words for an organisation's SUPERADMIN,
 * who set up the first account; anyone else reads that their account is ready, as what.
 */
export function describeSetupDone({ kind, role }: SetupAnswer): string {
  if (kind === 'central' && role === 'SUPERADMIN') return 'Je SUPERADMIN account is aangemaakt'
  const label =
    kind === 'central'
      ? (ROLE_LABELS[role as UserRole] ?? role)
      : (SALES_ROLE_LABELS[role as SalesRole] ?? role)
  const account = kind === 'central' ? 'Je account' : 'Je Gold Estates-account'
  return `${account} is klaar. Je rol: ${label}.`
}
