import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { organisations } from '#schema/db/system'
import { AppError } from '../errors/app-error.ts'
import { openOrganisationDb } from './open-organisation-db.ts'
import { BUSY_TIMEOUT_MS } from './open-sqlite.ts'
import { getRestoringMarker, type OrganisationDb } from './organisation-db.ts'
import type { SystemDb } from './system-db.ts'

/**
 * A bounded LRU of open organisation files. Callers take a db with `get` for each unit of
 * synchronous work and do not hold it across an await: an evicted file is closed.
 */
export class OrganisationCache {
  readonly #open = new Map<string, OrganisationDb>()
  readonly #yielding = new Set<string>()

  constructor(
    private readonly dataDir: string,
    private readonly systemDb: SystemDb,
    private readonly capacity: number,
    /** Runs once each time a file is opened (sealing secrets an older version kept in clear). */
    private readonly onOpen: (db: OrganisationDb, organisationId: string) => void = () => {},
  ) {}

  /** The organisation's db; throws when the organisation does not exist. */
  get(organisationId: string): OrganisationDb {
    const cached = this.#open.get(organisationId)
    if (cached) {
      this.#open.delete(organisationId)
      this.#open.set(organisationId, cached)
      return cached
    }
    const organisation = this.systemDb
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .get()
    if (!organisation) throw new Error(`Unknown organisation: ${organisationId}`)
    if (existsSync(getRestoringMarker(this.dataDir, organisationId))) {
      throw new AppError(
        'unavailable',
        'Deze organisatie wordt teruggezet van een kopie. Probeer het over een minuut opnieuw.',
        { retryAfterSeconds: 60 },
      )
    }
    const db = openOrganisationDb(this.dataDir, organisationId, organisation.name)
    this.onOpen(db, organisationId)
    if (this.#yielding.has(organisationId)) db.$client.pragma('busy_timeout = 0')
    this.#open.set(organisationId, db)
    this.#evict()
    return db
  }

  /**
   * While another thread holds a long write on the organisation's file (a restore in the
   * heavy-work worker), this thread's writes to it fail at once with SQLITE_BUSY (answered
   * 503) instead of blocking every organisation's requests for the busy timeout; reads go
   * on (WAL). Returns the function that ends it (once).
   */
  yieldWrites(organisationId: string): () => void {
    this.#yielding.add(organisationId)
    this.#open.get(organisationId)?.$client.pragma('busy_timeout = 0')
    let isEnded = false
    return () => {
      if (isEnded) return
      isEnded = true
      this.#yielding.delete(organisationId)
      this.#open.get(organisationId)?.$client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    }
  }

  /** Ids of the organisations whose files are open now. */
  openIds(): string[] {
    return [...this.#open.keys()]
  }

  /** Closes every open file (shutdown, tests). */
  closeAll() {
    for (const db of this.#open.values()) db.$client.close()
    this.#open.clear()
  }

  #evict() {
    while (this.#open.size > this.capacity) {
      const [oldestId, oldest] = this.#open.entries().next().value as [string, OrganisationDb]
      this.#open.delete(oldestId)
      oldest.$client.close()
    }
  }
}
