import { useEffect, useState } from 'react'

export type AreaDatabaseState<Database> =
  | { status: 'opening' }
  | { status: 'ready'; database: Database }
  | { status: 'failed'; error: unknown }

// How many mounted providers use each database: a database is closed only when the last
// one lets go (React may unmount and mount again at once, e.g. in StrictMode).
const users = new Map<string, number>()

/**
 * Opens the local database of the signed-in person of an area and closes it as soon as
 * that person is no longer the one shown (signed out, session ended, someone else signed
 * in): its replication stops before anything is sent under another session. The data
 * stays on the device; it syncs again when the same person signs in again.
 */
export function useAreaDatabase<
  Database extends { name: string; close(): Promise<void>; lost: Promise<void> },
>(
  who: { organisationId: string; userId: string },
  open: (who: { organisationId: string; userId: string }) => Promise<Database>,
): AreaDatabaseState<Database> {
  const [state, setState] = useState<AreaDatabaseState<Database>>({ status: 'opening' })
  // Counts the times the database worker ended under this person's database: each time
  // it opens again with a new worker, and the screens read from that one.
  const [opening, setOpening] = useState(0)
  const { organisationId, userId } = who
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `opening` opens it again
  useEffect(() => {
    let isCurrent = true
    setState({ status: 'opening' })
    const opening = afterFirstScreen().then(() => open({ organisationId, userId }))
    let name: string | undefined
    opening.then(
      (database) => {
        name = database.name
        users.set(name, (users.get(name) ?? 0) + 1)
        if (!isCurrent) return letGo(database)
        setState({ status: 'ready', database })
        void database.lost.then(() => isCurrent && setOpening((count) => count + 1))
        // Unsent work must survive the browser clearing storage when space runs low.
        void navigator.storage?.persist?.().catch(() => false)
      },
      (error: unknown) => isCurrent && setState({ status: 'failed', error }),
    )
    return () => {
      isCurrent = false
      void opening.then(letGo, () => undefined)
    }
    function letGo(database: Database) {
      if (!name) return
      const left = (users.get(name) ?? 1) - 1
      if (left > 0) users.set(name, left)
      else users.delete(name)
      name = undefined
      // Closed after this tick, unless a new provider took the database over meanwhile.
      setTimeout(() => {
        if (!users.has(database.name)) void database.close()
      })
    }
  }, [organisationId, userId, open, opening])
  return state
}

/**
 * Resolves once the browser is idle after the first screen (at most a second later):
 * RxDB's code and its first sync then never delay what the person sees first, which
 * comes from the server meanwhile (useServerWhileFilling).
 */
function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: 1000 })
    } else {
      setTimeout(resolve)
    }
  })
}
