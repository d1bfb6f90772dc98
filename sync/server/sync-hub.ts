/**
 * Who is listening for changes, per organisation. A write tells the hub which
 * organisation changed; each listener then decides, by its own rights, what to send.
 * Listeners of one organisation never hear of another's changes.
 */
export class SyncHub {
  readonly #listeners = new Map<string, Set<() => void>>()

  /** Registers a listener for one organisation; returns the function that removes it. */
  subscribe(organisationId: string, listener: () => void) {
    const listeners = this.#listeners.get(organisationId) ?? new Set()
    listeners.add(listener)
    this.#listeners.set(organisationId, listeners)
    return () => {
      listeners.delete(listener)
      // Only drop the set if it is still the organisation's: a late (second) call from a
      // stream that ended earlier must not remove the set newer streams listen in.
      if (listeners.size === 0 && this.#listeners.get(organisationId) === listeners) {
        this.#listeners.delete(organisationId)
      }
    }
  }

  /** Tells the organisation's listeners that something changed (after commit). */
  notify(organisationId: string) {
    for (const listener of this.#listeners.get(organisationId) ?? []) listener()
  }

  /** Number of open streams, for tests and health. */
  get listenerCount() {
    let count = 0
    for (const listeners of this.#listeners.values()) count += listeners.size
    return count
  }
}
