/**
 * Counts failed sign-ins per IP and per account in a sliding window and says how long a
 * key must wait. Kept in memory: one server process, and a restart forgetting the
 * counts only gives an attacker the window back once.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>()

  constructor(
    private readonly limits: { perAccount: number; perIp: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt for this IP or account, or 0. */
  getRetryAfterSeconds(ip: string, account: string): number {
    const wait = Math.max(
      this.#waitFor(`ip:${ip}`, this.limits.perIp),
      this.#waitFor(`account:${account}`, this.limits.perAccount),
    )
    return Math.ceil(wait / 1000)
  }

  /** Records one failed attempt. */
  recordFailure(ip: string, account: string) {
    for (const key of [`ip:${ip}`, `account:${account}`]) {
      const list = this.#recent(key)
      list.push(this.now())
      this.#failures.set(key, list)
    }
    if (this.#failures.size > 50_000) this.#prune()
  }

  /** A successful sign-in clears the account's failures (not the IP's). */
  recordSuccess(account: string) {
    this.#failures.delete(`account:${account}`)
  }

  #waitFor(key: string, limit: number) {
    const list = this.#recent(key)
    if (list.length < limit) return 0
    const oldestCounted = list[list.length - limit] ?? this.now()
    return Math.max(0, oldestCounted + this.limits.windowMs - this.now())
  }

  #recent(key: string) {
    const since = this.now() - this.limits.windowMs
    return (this.#failures.get(key) ?? []).filter((time) => time > since)
  }

  #prune() {
    for (const key of this.#failures.keys()) {
      const list = this.#recent(key)
      if (list.length === 0) this.#failures.delete(key)
      else this.#failures.set(key, list)
    }
  }
}
