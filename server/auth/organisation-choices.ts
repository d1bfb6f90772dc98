import type { AccountKind } from '#schema/db/system'
import { ExpiringTokens } from './expiring-tokens.ts'

/**
 * One account a password matched: where it lives, and the stored hash the password
 * matched (a choice made with a password changed since opens nothing).
 */
export type ChoosableAccount = { organisationId: string; userId: string; passwordHash: string }

type PendingChoice = { kind: AccountKind; accounts: ChoosableAccount[] }

const CHOICE_TTL_MS = 5 * 60 * 1000
// Only a right password makes a choice, but the cap keeps memory bounded all the same.
const MAX_CHOICES = 10_000

/**
 * Sign-ins whose password matched accounts in several organisations, waiting for the
 * person to pick one ("Kies je organisatie"). The token stands for the checked password,
 * so the password is never sent again; it is kept only as its hash, for 5 minutes, bound
 * to the accounts it matched and taken once. In memory: the server is one process, and a
 * choice lost to a restart only means signing in again.
 */
export class OrganisationChoices {
  readonly #choices = new ExpiringTokens<PendingChoice>({ ttlMs: CHOICE_TTL_MS, max: MAX_CHOICES })

  /** Remembers the matched accounts and returns the token the browser sends back. */
  add(kind: AccountKind, accounts: ChoosableAccount[]): string {
    return this.#choices.add({ kind, accounts })
  }

  /**
   * The chosen account, the choice removed: 'expired' for an unknown, used, expired or
   * other kind's token; 'not_offered' for an organisation the password did not match
   * (the choice stays, so the person can still pick one that was offered).
   */
  take(
    kind: AccountKind,
    token: string,
    organisationId: string,
  ): ChoosableAccount | 'expired' | 'not_offered' {
    const choice = this.#choices.peek(token)
    // Another kind's token is not this door's to use up.
    if (!choice || choice.kind !== kind) return 'expired'
    const account = choice.accounts.find((item) => item.organisationId === organisationId)
    if (!account) return 'not_offered'
    this.#choices.delete(token)
    return account
  }
}
