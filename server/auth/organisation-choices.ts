import type { AccountKind } from '#schema/db/system'
import { generateToken, hashToken } from './tokens.ts'

/**
 * One account a password matched: where it lives, and the stored hash the password
 * matched (a choice made with a password changed since opens nothing).
 */
export type ChoosableAccount = { organisationId: string; userId: string; passwordHash: string }

type PendingChoice = { kind: AccountKind; accounts: ChoosableAccount[]; expiresAt: number }

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
  readonly #choices = new Map<string, PendingChoice>()

  /** Remembers the matched accounts and returns the token the browser sends back. */
  add(kind: AccountKind, accounts: ChoosableAccount[]): string {
    this.#deleteExpired()
    while (this.#choices.size >= MAX_CHOICES) {
      const oldest = this.#choices.keys().next().value
      if (oldest === undefined) break
      this.#choices.delete(oldest)
    }
    const token = generateToken()
    this.#choices.set(hashToken(token), {
      kind,
      accounts,
      expiresAt: Date.now() + CHOICE_TTL_MS,
    })
    return token
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
    const key = hashToken(token)
    const choice = this.#choices.get(key)
    // Another kind's token is not this door's to use up.
    if (!choice || choice.kind !== kind) return 'expired'
    if (choice.expiresAt <= Date.now()) {
      this.#choices.delete(key)
      return 'expired'
    }
    const account = choice.accounts.find((item) => item.organisationId === organisationId)
    if (!account) return 'not_offered'
    this.#choices.delete(key)
    return account
  }

  #deleteExpired() {
    const now = Date.now()
    // Insertion order is expiry order, so the sweep stops at the first live choice.
    for (const [key, choice] of this.#choices) {
      if (choice.expiresAt > now) break
      this.#choices.delete(key)
    }
  }
}
