import { z } from 'zod'
import type { AccountKind } from '#schema/db/system'
import type { CreateExpiringTokens, ExpiringTokens } from './expiring-tokens.ts'
import { hashToken } from './tokens.ts'

const ChoosableAccountSchema = z.object({
  organisationId: z.string(),
  userId: z.string(),
  passwordDigest: z.string(),
})

/**
 * One account a password matched: where it lives, and a digest of the stored hash the
 * password matched (a choice made with a password changed since opens nothing). The
 * digest, not the hash itself: the choice may wait in Redis, which need not hold what a
 * password could be guessed from.
 */
export type ChoosableAccount = z.infer<typeof ChoosableAccountSchema>

const PendingChoiceSchema = z.object({
  kind: z.enum(['central', 'sales']) satisfies z.ZodType<AccountKind>,
  accounts: z.array(ChoosableAccountSchema),
})

const CHOICE_TTL_MS = 5 * 60 * 1000
// Only a right password makes a choice, but the cap keeps memory bounded all the same.
const MAX_CHOICES = 10_000

/** What a choice keeps of an account's stored password hash, to compare it later. */
export function digestPasswordHash(passwordHash: string) {
  return hashToken(passwordHash)
}

/**
 * Sign-ins whose password matched accounts in several organisations, waiting for the
 * person to pick one ("Kies je organisatie"). The token stands for the checked password,
 * so the password is never sent again; it is kept only as its hash, for 5 minutes, bound
 * to the accounts it matched and taken once, on whichever process the pick reaches.
 */
export class OrganisationChoices {
  readonly #choices: ExpiringTokens<z.infer<typeof PendingChoiceSchema>>

  constructor(createExpiringTokens: CreateExpiringTokens) {
    this.#choices = createExpiringTokens({
      name: 'organisation-choice',
      ttlMs: CHOICE_TTL_MS,
      max: MAX_CHOICES,
      schema: PendingChoiceSchema,
    })
  }

  /** Remembers the matched accounts and returns the token the browser sends back. */
  add(kind: AccountKind, accounts: ChoosableAccount[]): Promise<string> {
    return this.#choices.add({ kind, accounts })
  }

  /**
   * The chosen account and every account the password matched, the choice removed:
   * 'expired' for an unknown, used, expired or other kind's token; 'not_offered' for an
   * organisation the password did not match (the choice stays, so the person can still
   * pick one that was offered).
   */
  async take(
    kind: AccountKind,
    token: string,
    organisationId: string,
  ): Promise<
    { chosen: ChoosableAccount; matched: ChoosableAccount[] } | 'expired' | 'not_offered'
  > {
    const choice = await this.#choices.peek(token)
    // Another kind's token is not this door's to use up.
    if (!choice || choice.kind !== kind) return 'expired'
    const account = choice.accounts.find((item) => item.organisationId === organisationId)
    if (!account) return 'not_offered'
    // Taken, not only looked at: of two picks with one token (two processes), one opens.
    return (await this.#choices.take(token))
      ? { chosen: account, matched: choice.accounts }
      : 'expired'
  }
}
