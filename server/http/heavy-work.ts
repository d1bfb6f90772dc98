import { AppError } from './app-error.ts'

/**
 * At most one large upload (a restore or a sales file import) per organisation at a time:
 * each may hold up to ~100 MB while it runs, and every organisation shares the process.
 */
export class HeavyWork {
  readonly #busy = new Set<string>()

  /** Runs `work` for the organisation, or answers 409 while another one runs. */
  async run<T>(organisationId: string, work: () => Promise<T>): Promise<T> {
    if (this.#busy.has(organisationId)) {
      throw new AppError(
        'conflict',
        'Er loopt al een restore of import voor deze organisatie. Probeer het zo opnieuw.',
      )
    }
    this.#busy.add(organisationId)
    try {
      return await work()
    } finally {
      this.#busy.delete(organisationId)
    }
  }
}
