/** Where an organisation stands: its last committed seq and its epoch (decision 008). */
export type OrganisationPosition = { seq: number; epoch: number }

/**
 * What committed in one organisation since the previous batch: the seqs after `from` up to
 * `to`. Every listener hears each batch once, in order, so a listener that heard them all
 * since it subscribed has heard every seq after the position it subscribed at.
 */
export type ChangeBatch = OrganisationPosition & {
  from: number
  /** The seq of `to` (OrganisationPosition's `seq`), under the name the stream sends. */
  to: number
  /**
   * Work the batch's listeners share: `read` runs once per key for the whole batch, so
   * listeners who may read the same see one reading made for all of them.
   */
  readOnce<T>(key: string, read: () => T): T
}

type Listener = (batch: ChangeBatch) => void

/**
 * Carries "this organisation changed" between server processes (Redis, with REDIS_URL):
 * `publish` after a commit here; `subscribe` calls `onChange` when another process
 * committed, and `onReady` once the subscription has taken hold. Returns the unsubscribe.
 */
export type ChangeRelay = {
  publish(organisationId: string): void
  subscribe(
    organisationId: string,
    listener: { onChange: () => void; onReady: () => void },
  ): () => void
}

type Organisation = {
  /** Each listener with what ends it when the organisation is no longer served here. */
  listeners: Map<Listener, () => void>
  last: number
  timer?: NodeJS.Timeout
  stopRelay?: () => void
  /** The batch being told: the next one waits for it, so batches go out in order. */
  telling: Promise<void>
}

/** How long a write waits for others of its organisation to be told of together. */
const BATCH_MS = 10

/**
 * Who is listening for changes, per organisation. A write tells the hub which
 * organisation changed; a moment later (BATCH_MS, so a burst is one batch) the hub reads
 * the organisation's position once and tells each listener the range of seqs that
 * committed since, and each listener decides by its own rights what to send. Listeners
 * of one organisation never hear of another's changes.
 */
export class SyncHub {
  readonly #organisations = new Map<string, Organisation>()
  readonly #readSeq: (organisationId: string) => number
  readonly #readEpoch: (organisationId: string) => Promise<number>
  readonly #onError: (error: unknown) => void
  readonly #relay: ChangeRelay | undefined
  readonly #isServedHere: (organisationId: string) => boolean

  constructor(options: {
    /** The organisation's last committed seq (its own file, read synchronously). */
    readSeq: (organisationId: string) => number
    /**
     * Its epoch (the system directory, which may be a server away): read at each batch, so
     * a restore made by another process (told through the relay) is named at once.
     */
    readEpoch: (organisationId: string) => Promise<number>
    onError?: (error: unknown) => void
    /** Other server processes' changes (several processes share REDIS_URL). */
    relay?: ChangeRelay
    /** Whether this machine still holds the organisation (decision 048); always by default. */
    isServedHere?: (organisationId: string) => boolean
  }) {
    this.#readSeq = options.readSeq
    this.#readEpoch = options.readEpoch
    this.#onError = options.onError ?? (() => undefined)
    this.#relay = options.relay
    this.#isServedHere = options.isServedHere ?? (() => true)
  }

  /**
   * Registers a listener for one organisation; returns the function that removes it. The
   * listener hears every seq committed after the organisation's position now. `onGone`
   * is called instead of a batch once the organisation moved to another machine: the
   * changes are told there.
   */
  subscribe(organisationId: string, listener: Listener, onGone: () => void = () => {}) {
    let organisation = this.#organisations.get(organisationId)
    if (!organisation) {
      organisation = {
        listeners: new Map(),
        last: this.#readSeq(organisationId),
        telling: Promise.resolve(),
      }
      this.#organisations.set(organisationId, organisation)
      const subscribed = organisation
      organisation.stopRelay = this.#relay?.subscribe(organisationId, {
        onChange: () => this.#schedule(organisationId),
        // What another process committed before the subscription took hold.
        onReady: () => {
          if (
            !this.#isServedHere(organisationId) ||
            this.#readSeq(organisationId) !== subscribed.last
          ) {
            this.#schedule(organisationId)
          }
        },
      })
    }
    const { listeners } = organisation
    listeners.set(listener, onGone)
    return () => {
      listeners.delete(listener)
      // Only drop the organisation if it is still this one: a late (second) call from a
      // stream that ended earlier must not remove the one newer streams listen in.
      if (listeners.size === 0 && this.#organisations.get(organisationId) === organisation) {
        clearTimeout(organisation.timer)
        organisation.stopRelay?.()
        this.#organisations.delete(organisationId)
      }
    }
  }

  /**
   * Tells the organisation's listeners, shortly, what committed (call after commit), and
   * the other server processes' through the relay.
   */
  notify(organisationId: string) {
    this.#relay?.publish(organisationId)
    this.#schedule(organisationId)
  }

  #schedule(organisationId: string) {
    const organisation = this.#organisations.get(organisationId)
    if (!organisation || organisation.timer) return
    organisation.timer = setTimeout(() => {
      organisation.timer = undefined
      // The epoch is read asynchronously: a batch still being told when the next is due
      // is waited for, so each listener hears the ranges in order, each once.
      organisation.telling = organisation.telling.then(() =>
        this.#tell(organisationId, organisation),
      )
    }, BATCH_MS)
  }

  async #tell(organisationId: string, organisation: Organisation) {
    let position: OrganisationPosition
    try {
      if (!this.#isServedHere(organisationId)) {
        // Moved to another machine: its streams end, and their devices connect again,
        // through HAProxy, to the machine that holds it now.
        for (const onGone of [...organisation.listeners.values()]) onGone()
        return
      }
      const epoch = await this.#readEpoch(organisationId)
      // The seq after the epoch's read: the batch reaches the last commit.
      position = { seq: this.#readSeq(organisationId), epoch }
    } catch (error) {
      this.#onError(error)
      return
    }
    const readings = new Map<string, unknown>()
    const batch: ChangeBatch = {
      ...position,
      from: organisation.last,
      to: position.seq,
      readOnce<T>(key: string, read: () => T) {
        if (!readings.has(key)) readings.set(key, read())
        return readings.get(key) as T
      },
    }
    organisation.last = position.seq
    // A batch with nothing new still reaches everyone: a sign-out or a withdrawn right
    // commits no seq, and each listener checks its session on every batch.
    for (const listener of [...organisation.listeners.keys()]) {
      try {
        listener(batch)
      } catch (error) {
        this.#onError(error)
      }
    }
  }

  /** Number of open streams, for tests and health. */
  get listenerCount() {
    let count = 0
    for (const organisation of this.#organisations.values()) count += organisation.listeners.size
    return count
  }
}
