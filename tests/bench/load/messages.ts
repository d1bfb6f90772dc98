// What the bench and the load generator say to each other over the fork's IPC channel.
// Plain data only: the generator imports nothing of the product.

/** One organisation's writer (a sales ADMIN session) and what its sales name. */
export type LoadOrganisation = {
  id: string
  writerCookie: string
  /** A valid sale body (POST /api/gold-estates/sales); the writer varies client and number. */
  saleTemplate: Record<string, unknown>
}

/** One simulated device: its own central and sales sessions in one organisation. */
export type DeviceAccount = { organisationId: string; centralCookie: string; salesCookie: string }

/** One row of figures: a rate run, the idle write, or the writes beside a restore. */
export type LoadFigures = {
  rate: number
  achievedRate: number
  writes: number
  writeP50: number
  writeP99: number
  changeSamples: number
  changeP50: number
  changeP99: number
  pulls: number
  changeMessages: number
  errors: number
  /** The errors by kind: "write 500", "pull ECONNRESET", "stream ended". */
  errorKinds: Record<string, number>
  /** Requests sent again after the server closed their kept-alive socket (not errors). */
  resent: number
  missed: number
  devices: number
  /** The generator's own processor use over the run, in % of one core. */
  generatorCpuPercent: number
  /** The server's, filled in by the bench. */
  serverCpuPercent?: number
  /** Every other process's on this machine (shared), filled in by the bench. */
  othersCpuPercent?: number
}

export type Command =
  | { type: 'open'; group: string; devices: DeviceAccount[] }
  | { type: 'close'; group: string }
  | { type: 'settle'; group: string; quietMs: number }
  | {
      type: 'run'
      group: string
      rate: number
      warmupSeconds: number
      seconds: number
      organisationIds: string[]
    }
  | { type: 'write-each'; group: string; organisationIds: string[] }
  /**
   * What the server holds of the last run's writes, read by a fresh device per
   * organisation (one of `group`'s sessions), and when each organisation answered again
   * after `since` (epoch ms: a process killed).
   */
  | { type: 'audit'; group: string; since: number }
  | {
      type: 'restore-beside'
      group: string
      rate: number
      warmupSeconds: number
      minSeconds: number
      organisationIds: string[]
      restore: { cookie: string; file: string }
    }

export type Reply =
  | { type: 'opened'; devices: number; seconds: number; pulls: number; errors: number }
  | { type: 'closed' }
  | { type: 'settled'; pulls: number }
  | { type: 'figures'; figures: LoadFigures }
  | {
      type: 'restore-figures'
      figures: LoadFigures
      restoreSeconds: number
      /** Until the request's last byte was sent (the server reads the body as it comes). */
      uploadSeconds: number
      fileMb: number
      restoreStatus: number
      restoreAnswer: string
    }
  | {
      type: 'audited'
      /** Writes of the last run answered 201. */
      answered: number
      /** Of those, the ones the server does not hold (organisation/sale id). */
      lost: string[]
      /** Per organisation: the first 201 (epoch ms) of a write sent after `since`; null if none. */
      answeredAgainAt: Record<string, number | null>
      /** Per organisation: writes sent after `since` that failed, by kind. */
      failedSince: Record<string, Record<string, number>>
    }
  | { type: 'failed'; message: string }

/** First message: where the server is and who writes. */
export type Start = { type: 'start'; url: string; organisations: LoadOrganisation[] }
