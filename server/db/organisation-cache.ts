import { existsSync, statSync } from 'node:fs'
import { getOrganisationRoute, ROUTING_COOKIE } from '../auth/routing-cookie.ts'
import { AppError } from '../errors/app-error.ts'
import type { OrganisationName, SystemDirectory } from '../system-directory/system-directory.ts'
import { openOrganisationDb } from './open-organisation-db.ts'
import { BUSY_TIMEOUT_MS } from './open-sqlite.ts'
import { getOrganisationFile, getRestoringMarker, type OrganisationDb } from './organisation-db.ts'
import { type MoveMarker, readMoveMarker } from './organisation-move-marker.ts'

/** This machine and the one holding organisations without a placement (README, Two machines). */
export type MachinePlacement = { machine: string; homeMachine: string }

/** The machine settings of a process (MACHINE, HOME_MACHINE); none with one machine. */
export function getMachinePlacement(env: {
  MACHINE?: string
  HOME_MACHINE?: string
}): MachinePlacement | undefined {
  if (!env.MACHINE) return undefined
  return { machine: env.MACHINE, homeMachine: env.HOME_MACHINE ?? env.MACHINE }
}

const MOVING_MESSAGE =
  'Deze organisatie verhuist naar een andere machine en kan even alleen gelezen worden. Probeer het over een paar seconden opnieuw.'
const MOVED_MESSAGE = 'Deze organisatie is verhuisd naar een andere machine. Probeer het opnieuw.'
const ELSEWHERE_MESSAGE = 'Deze organisatie staat op een andere machine. Probeer het opnieuw.'
const NEW_ORGANISATION_MESSAGE = 'Deze organisatie is net aangemaakt. Probeer het opnieuw.'

/** `run` shared by every caller while it runs: one read at a time, later callers join it. */
function sharedWhileRunning(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => {
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }
}

/**
 * A bounded LRU of open organisation files. Callers take a db with `get` for each unit of
 * synchronous work and do not hold it across an await: an evicted file is closed.
 */
export class OrganisationCache {
  readonly #open = new Map<string, OrganisationDb>()
  readonly #yielding = new Set<string>()
  /** Open files this process made read-only while their organisation moves away. */
  readonly #readOnly = new Set<string>()
  /** With several machines: the inode each open file had when opened. */
  readonly #inodes = new Map<string, number>()
  /**
   * The names of the organisations this process was told of (know): the system
   * directory's at the start and at each round of the jobs (heldIds), and each one created
   * here. A file made for one of them is seeded with its name.
   */
  readonly #names = new Map<string, string>()
  /**
   * With several machines: the placements as the system directory last gave them
   * (learnPlacements; at the start, each round of the jobs, and when a request finds an
   * organisation not held here), so that `holds`, asked synchronously, need not ask it.
   */
  #placements = new Map<string, string>()

  constructor(
    private readonly dataDir: string,
    private readonly directory: SystemDirectory,
    private readonly capacity: number,
    /** Runs once each time a file is opened (sealing secrets an older version kept in clear). */
    private readonly onOpen: (db: OrganisationDb, organisationId: string) => void = () => {},
    /** Unset: one machine, every organisation's file is here. */
    private readonly placement?: MachinePlacement,
  ) {}

  /**
   * The organisation's db; throws when the organisation does not exist, and answers 503
   * while it moves away from this machine (writes only: an open file serves reads) or is
   * held by another machine.
   */
  get(organisationId: string): OrganisationDb {
    const cached = this.placement
      ? this.#cachedOnThisMachine(organisationId)
      : this.#open.get(organisationId)
    if (cached) {
      this.#open.delete(organisationId)
      this.#open.set(organisationId, cached)
      return cached
    }
    const name = this.#names.get(organisationId)
    if (name === undefined && !this.#isKnownHere(organisationId)) {
      if (this.placement) {
        // Made a moment ago through another machine, which left no file here: its name is
        // read again meanwhile, and the next attempt makes its file.
        this.#learnOrganisationsSoon()
        throw new AppError('unavailable', NEW_ORGANISATION_MESSAGE, { retryAfterSeconds: 1 })
      }
      throw new Error(`Unknown organisation: ${organisationId}`)
    }
    if (!this.holds(organisationId)) {
      // A request without the routing cookie (a sign-in after a sign-out) reached the home
      // machine: with the cookie set here, HAProxy sends the next attempt to the right one.
      const route = `${ROUTING_COOKIE}=${getOrganisationRoute(organisationId)}; Path=/; HttpOnly; SameSite=Lax`
      throw new AppError('unavailable', ELSEWHERE_MESSAGE, {
        retryAfterSeconds: 1,
        headers: { 'Set-Cookie': route },
      })
    }
    if (existsSync(getRestoringMarker(this.dataDir, organisationId))) {
      throw new AppError(
        'unavailable',
        'Deze organisatie wordt teruggezet van een kopie. Probeer het over een minuut opnieuw.',
        { retryAfterSeconds: 60 },
      )
    }
    const db = openOrganisationDb(this.dataDir, organisationId, name)
    this.onOpen(db, organisationId)
    if (this.placement) {
      this.#inodes.set(
        organisationId,
        statSync(getOrganisationFile(this.dataDir, organisationId)).ino,
      )
    }
    if (this.#yielding.has(organisationId)) db.$client.pragma('busy_timeout = 0')
    this.#open.set(organisationId, db)
    this.#evict()
    return db
  }

  /**
   * Remembers organisations of the system directory: each one's file may be made here
   * (when this machine holds it), seeded with its name.
   */
  know(organisations: readonly OrganisationName[]) {
    for (const { id, name } of organisations) this.#names.set(id, name)
  }

  /** Reads every organisation's name, and with several machines the placements (know). */
  async learnOrganisations() {
    this.know(await this.directory.listOrganisations())
    await this.learnPlacements()
  }

  /** learnOrganisations in the background, one read at a time. */
  #learnOrganisationsSoon() {
    this.#learnOrganisationsOnce().catch(() => undefined)
  }

  readonly #learnOrganisationsOnce = sharedWhileRunning(() => this.learnOrganisations())

  /**
   * Reads the placements from the system directory (with several machines; one read at a
   * time, later callers share it). A process that missed a move learns it here: a request
   * for an organisation not held here asks for it (holds), so the next attempt, a second
   * later, finds the organisation moved here.
   */
  learnPlacements(): Promise<void> {
    if (!this.placement) return Promise.resolve()
    return this.#readPlacements()
  }

  readonly #readPlacements = sharedWhileRunning(async () => {
    const placements = await this.directory.listPlacements()
    this.#placements = new Map(placements.map((row) => [row.organisationId, row.machine]))
  })

  /**
   * Whether the organisation exists, for one this process was not told of (know): `get`
   * is synchronous and cannot ask the system directory (on PostgreSQL, a server away).
   * An organisation has its file from its creation (createOrganisation opens it), or, with
   * several machines, a placement once it moved; an id with neither was never created.
   * Another process's new organisation is so opened here before the jobs' next round
   * tells this one its name.
   */
  #isKnownHere(organisationId: string) {
    if (existsSync(getOrganisationFile(this.dataDir, organisationId))) return true
    return !!this.placement && this.#placements.has(organisationId)
  }

  /**
   * Whether this machine holds the organisation's file: its placement (none: the home
   * machine) names this machine, as last read (learnPlacements). Always with one machine.
   * A move is known at once on both machines by the files it writes there (decision 048):
   * the machine it left by its marker (`moved`), the one it went to by its file with no
   * marker left. Otherwise the placements are asked again in the background, so a process
   * that missed a move learns it.
   */
  holds(organisationId: string): boolean {
    if (!this.placement) return true
    const { isHeld, isPlacedHere } = this.#judgeHolding(this.placement, organisationId)
    if (isHeld && isPlacedHere) return true
    this.learnPlacements().catch(() => {
      // The directory away: the placements stay as they were, and the next look asks again.
    })
    return isHeld
  }

  /** holds' verdict, from the placements as last read and the files a move leaves here. */
  #judgeHolding(placement: MachinePlacement, organisationId: string) {
    const move = readMoveMarker(this.dataDir, organisationId)
    const machine = this.#placements.get(organisationId) ?? placement.homeMachine
    const isPlacedHere = machine === placement.machine
    const isHeld =
      move?.stage !== 'moved' &&
      (isPlacedHere ||
        // Moved here since the placements were read: the move put its file here, and took
        // this machine's marker away once requests were routed here.
        (!move && existsSync(getOrganisationFile(this.dataDir, organisationId))))
    return { isHeld, isPlacedHere }
  }

  /**
   * The organisations whose files this machine holds (every one with one machine): what
   * the scheduled jobs walk, so a machine never opens, nor makes, another's file.
   */
  async heldIds(): Promise<string[]> {
    // The organisations, then their placements: their names and placements are learnt on
    // the way.
    const organisations = await this.directory.listOrganisations()
    this.know(organisations)
    const placement = this.placement
    if (!placement) return organisations.map(({ id }) => id)
    await this.learnPlacements()
    // As `holds` judges them: an organisation placed here while its move still marks it
    // (not yet routed here) is not held yet, so a job does not find its file refused.
    return organisations
      .filter(({ id }) => this.#judgeHolding(placement, id).isHeld)
      .map(({ id }) => id)
  }

  /**
   * With several machines, the open file if it may still be used: not while the
   * organisation moves away (see below), nor once its file was replaced (moved away and
   * back while this process kept the old one open: that one was set aside and removed).
   * Two stats a call; none with one machine.
   */
  #cachedOnThisMachine(organisationId: string): OrganisationDb | undefined {
    const move = readMoveMarker(this.dataDir, organisationId)
    if (move) return this.#getWhileMoving(organisationId, move)
    const cached = this.#open.get(organisationId)
    if (!cached) return undefined
    // The move was given up, or came back: this machine holds the organisation again.
    if (this.#readOnly.delete(organisationId)) cached.$client.pragma('query_only = OFF')
    const file = getOrganisationFile(this.dataDir, organisationId)
    if (statSync(file, { throwIfNoEntry: false })?.ino === this.#inodes.get(organisationId)) {
      return cached
    }
    this.#close(organisationId)
    return undefined
  }

  #close(organisationId: string) {
    this.#open.get(organisationId)?.$client.close()
    this.#open.delete(organisationId)
    this.#readOnly.delete(organisationId)
    this.#inodes.delete(organisationId)
  }

  /**
   * Moving: an open file is made read-only (SQLite's query_only: every write fails with
   * SQLITE_READONLY, answered 503) and serves reads; a closed one is not opened (opening
   * may write). Moved: the file is closed and nothing is served here any more.
   */
  #getWhileMoving(organisationId: string, move: MoveMarker): OrganisationDb {
    const cached = this.#open.get(organisationId)
    if (move.stage === 'moving' && cached) {
      if (!this.#readOnly.has(organisationId)) {
        cached.$client.pragma('query_only = ON')
        this.#readOnly.add(organisationId)
      }
      return cached
    }
    if (cached) this.#close(organisationId)
    if (move.stage === 'moved') {
      throw new AppError('unavailable', MOVED_MESSAGE, { retryAfterSeconds: 1 })
    }
    throw new AppError('unavailable', MOVING_MESSAGE, { retryAfterSeconds: 5 })
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

  /**
   * Throws the 503 of a move when the organisation is moving away or has moved (its
   * marker; one stat). For a writer that keeps its connection across transactions (an
   * import): asked once its transaction holds the write lock, so a move that began in
   * between refuses it, instead of its rows landing in the file the move sets aside.
   */
  refuseWritesIfMoving(organisationId: string) {
    const move = readMoveMarker(this.dataDir, organisationId)
    if (move?.stage === 'moved') {
      throw new AppError('unavailable', MOVED_MESSAGE, { retryAfterSeconds: 1 })
    }
    if (move) throw new AppError('unavailable', MOVING_MESSAGE, { retryAfterSeconds: 5 })
  }

  /** Whether the organisation is moving away from this machine, or has moved (its marker). */
  isMoving(organisationId: string) {
    return !!this.placement && readMoveMarker(this.dataDir, organisationId) !== null
  }

  /** Ids of the organisations whose files are open now. */
  openIds(): string[] {
    return [...this.#open.keys()]
  }

  /** Closes every open file (shutdown, tests). */
  closeAll() {
    for (const db of this.#open.values()) db.$client.close()
    this.#open.clear()
    this.#readOnly.clear()
    this.#inodes.clear()
  }

  #evict() {
    while (this.#open.size > this.capacity) {
      const [oldestId] = this.#open.entries().next().value as [string, OrganisationDb]
      this.#close(oldestId)
    }
  }
}
