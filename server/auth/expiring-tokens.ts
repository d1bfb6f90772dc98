import type { z } from 'zod'
import { generateToken, hashToken } from './tokens.ts'

/**
 * Values waiting for a random token to come back: a sign-in between redirect and
 * callback, an OAuth state, a choice of organisation. A token is kept only as its hash,
 * for the kind's `ttlMs`; past `max` values the oldest go first, so that callers who need
 * no sign-in cannot fill memory. A token can be taken once.
 */
export type ExpiringTokens<T> = {
  /** Remembers a value and returns its token. */
  add(value: T): Promise<string>
  /** The value of this token, kept; undefined when unknown or expired. */
  peek(token: string): Promise<T | undefined>
  /** The value of this token, removed: of two takes of one token, one gets the value. */
  take(token: string): Promise<T | undefined>
}

/**
 * One kind of waiting value. `name` names its keys in Redis; `schema` is its shape, plain
 * JSON (strings, numbers, arrays, objects: no Dates, no Buffers), which a value read back
 * from Redis must match.
 */
export type ExpiringTokensKind<T> = {
  name: string
  ttlMs: number
  max: number
  schema: z.ZodType<T>
}

/** Makes the store of one kind: in memory, or in the Redis that processes share. */
export type CreateExpiringTokens = <T>(kind: ExpiringTokensKind<T>) => ExpiringTokens<T>

/**
 * The store in this process's memory: for one process, and for several while Redis cannot
 * be reached. A value lost to a restart only means starting again.
 */
export function createMemoryTokens<T>(
  kind: Pick<ExpiringTokensKind<T>, 'ttlMs' | 'max'>,
): ExpiringTokens<T> {
  const byTokenHash = new Map<string, { value: T; expiresAt: number }>()

  function deleteExpired() {
    const now = Date.now()
    // Insertion order is expiry order, so the sweep stops at the first live value.
    for (const [key, entry] of byTokenHash) {
      if (entry.expiresAt > now) break
      byTokenHash.delete(key)
    }
  }

  function peek(token: string): T | undefined {
    const key = hashToken(token)
    const entry = byTokenHash.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      byTokenHash.delete(key)
      return undefined
    }
    return entry.value
  }

  return {
    async add(value) {
      deleteExpired()
      while (byTokenHash.size >= kind.max) {
        const oldest = byTokenHash.keys().next().value
        if (oldest === undefined) break
        byTokenHash.delete(oldest)
      }
      const token = generateToken()
      byTokenHash.set(hashToken(token), { value, expiresAt: Date.now() + kind.ttlMs })
      return token
    },
    async peek(token) {
      return peek(token)
    },
    async take(token) {
      const value = peek(token)
      byTokenHash.delete(hashToken(token))
      return value
    },
  }
}
