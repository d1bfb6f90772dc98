/** How long a write made while the area's database still opens waits for it. */
const OPEN_WAIT_MS = 20_000

const NOT_OPEN_MESSAGE = 'De gegevens op dit apparaat worden nog geopend. Probeer het zo opnieuw.'

/**
 * An area's open database for code that writes outside a render. A write made while the
 * database still opens (a tap right after a page load, on a slow phone) waits for it
 * rather than failing; only one that waits longer than OPEN_WAIT_MS is refused.
 */
export function createDatabaseHolder<Database>() {
  let current: Database | null = null
  let waiting: Array<(database: Database) => void> = []
  return {
    /** The provider's database, or null while none is open. */
    set(database: Database | null) {
      current = database
      if (!database) return
      const waiters = waiting
      waiting = []
      for (const take of waiters) take(database)
    },
    /** Lets go of `database` unless another one took its place meanwhile. */
    clear(database: Database | null) {
      if (current === database) current = null
    },
    /** The open database, once it is open. */
    whenOpen(): Promise<Database> {
      if (current) return Promise.resolve(current)
      return new Promise((resolve, reject) => {
        const take = (database: Database) => {
          clearTimeout(timer)
          resolve(database)
        }
        const timer = setTimeout(() => {
          waiting = waiting.filter((waiter) => waiter !== take)
          reject(new Error(NOT_OPEN_MESSAGE))
        }, OPEN_WAIT_MS)
        waiting.push(take)
      })
    },
  }
}
