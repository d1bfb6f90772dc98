import { generateToken, hashToken } from './tokens.ts'

/**
 * Values waiting, in memory, for a random token to come back: a sign-in between redirect
 * and callback, an OAuth state, a choice of organisation. In memory because the server is
 * one process, and a value lost to a restart only means starting again. A token is kept
 * only as its hash, for `ttlMs`; past `max` values the oldest go first, so that callers
 * who need no sign-in cannot fill memory.
 */
export class ExpiringTokens<T> {
  readonly #byTokenHash = new Map<string, { value: T; expiresAt: number }>()
  readonly #ttlMs: number
  readonly #max: number

  constructor(options: { ttlMs: number; max: number }) {
    this.#ttlMs = options.ttlMs
    this.#max = options.max
  }

  /** Remembers a value and returns its token. */
  add(value: T): string {
    this.#deleteExpired()
    while (this.#byTokenHash.size >= this.#max) {
      const oldest = this.#byTokenHash.keys().next().value
      if (oldest === undefined) break
      this.#byTokenHash.delete(oldest)
    }
    const token = generateToken()
    this.#byTokenHash.set(hashToken(token), { value, expiresAt: Date.now() + this.#ttlMs })
    return token
  }

  /** The value of this token, kept; undefined when unknown or expired (and then forgotten). */
  peek(token: string): T | undefined {
    const key = hashToken(token)
    const entry = this.#byTokenHash.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      this.#byTokenHash.delete(key)
      return undefined
    }
    return entry.value
  }

  /** Forgets this token. */
  delete(token: string): void {
    this.#byTokenHash.delete(hashToken(token))
  }

  /** The value of this token, removed: a token can be taken once. */
  take(token: string): T | undefined {
    const value = this.peek(token)
    this.delete(token)
    return value
  }

  #deleteExpired() {
    const now = Date.now()
    // Insertion order is expiry order, so the sweep stops at the first live value.
    for (const [key, entry] of this.#byTokenHash) {
      if (entry.expiresAt > now) break
      this.#byTokenHash.delete(key)
    }
  }
}
