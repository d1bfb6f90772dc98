import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { SyncArea } from '#sync/account'
import type { LocalDatabase } from '#sync/client/local-database'
import { getLocalDatabaseName } from '#sync/client/local-database-name'
import { isMarkedForReset } from '#sync/client/organisation-epoch'
import type { AreaAccount } from '#sync/client/signed-in-account'
import type { UnsentChange } from '#sync/client/sync-status'
import { readUnsentNotice, watchUnsentNotice } from '#sync/client/unsent-notice'
import {
  AREA_NAMES,
  isSamePerson,
  parseRememberedAccount,
  REMEMBERED_USER_KEYS,
} from './remembered-account.ts'
import { IS_SALES_HOST } from './sales-path.ts'
import { useAreaDatabase } from './use-area-database.ts'

/** The other area's unsent work, as a page of one area shows it. */
export type OtherAreaSync = {
  area: SyncArea
  /** 'Centraal' or 'Gold Estates'. */
  name: string
  unsent: readonly UnsentChange[]
  /** Its session ended (or is someone else's now): the work waits for a sign-in there. */
  isWaitingForSignIn: boolean
}

const OtherAreaSyncContext = createContext<OtherAreaSync | null>(null)

type Who = { organisationId: string; userId: string }
type Opened = Pick<LocalDatabase, 'name' | 'status' | 'close' | 'lost'>

// Loaded with RxDB after the first screen, as the area's own database (decision 009).
const OPENERS: Record<SyncArea, (who: Who) => Promise<Opened>> = {
  central: (who) => import('#sync/client/local-database').then((m) => m.openLocalDatabase(who)),
  sales: (who) => import('#sync/client/local-database').then((m) => m.openSalesDatabase(who)),
}

/**
 * Sends the other area's unsent work from a signed-in page of this area (decision 029):
 * when the person's database of the other area (the account that area's session layer
 * last knew on this browser, if both areas last knew the same person: isSamePerson) has
 * changes its notice names, this page opens it, which
 * replicates it in whichever tab RxDB's leader election chose, and closes it once nothing
 * is unsent. Its changes and whether they wait for a sign-in are given to the header
 * (useOtherAreaSync). On the sales host the other area is on another origin: nothing.
 */
export function OtherAreaSyncProvider({ area, children }: { area: SyncArea; children: ReactNode }) {
  const other: SyncArea = area === 'central' ? 'sales' : 'central'
  const own = useRememberedText(area)
  const otherText = useRememberedText(other)
  const otherAccount = useMemo(() => parseRememberedAccount(other, otherText), [other, otherText])
  const account = isSamePerson(own, otherText) ? otherAccount : null
  const name = account && getLocalDatabaseName(account.organisationId, account.userId, other)
  const unsent = useUnsentNotice(name)
  const [isWaitingForSignIn, setIsWaitingForSignIn] = useState(false)
  // A database whose data belongs to an earlier epoch is emptied and filled when its own
  // area opens it: its changes were kept as refusals already.
  const isSending = !!account && !!name && unsent.length > 0 && !isMarkedForReset(name)
  const hasWork = !!account && unsent.length > 0
  const value = useMemo(
    () => (hasWork ? { area: other, name: AREA_NAMES[other], unsent, isWaitingForSignIn } : null),
    [hasWork, other, unsent, isWaitingForSignIn],
  )
  return (
    <OtherAreaSyncContext value={value}>
      {isSending && (
        <OtherAreaReplication account={account} onWaitingForSignIn={setIsWaitingForSignIn} />
      )}
      {children}
    </OtherAreaSyncContext>
  )
}

/** The other area's unsent work, or null when it has none (or the page has no such area). */
export function useOtherAreaSync(): OtherAreaSync | null {
  return useContext(OtherAreaSyncContext)
}

/**
 * Holds the other area's database open while it renders: useAreaDatabase opens it (after
 * the first screen) and closes it when this unmounts, or when the same database is no
 * longer wanted by any provider of this page.
 */
function OtherAreaReplication({
  account,
  onWaitingForSignIn,
}: {
  account: AreaAccount
  onWaitingForSignIn: (isWaiting: boolean) => void
}) {
  const state = useAreaDatabase(account, OPENERS[account.area])
  const status = state.status === 'ready' ? state.database.status : undefined
  const isWaiting = useSyncExternalStore(status?.subscribe ?? noSubscription, () => {
    const problem = status?.get().problem
    return problem === 'signed-out' || problem === 'other-account'
  })
  useEffect(() => {
    onWaitingForSignIn(isWaiting)
    return () => onWaitingForSignIn(false)
  }, [isWaiting, onWaitingForSignIn])
  return null
}

/** The stored user an area last knew on this browser, kept current across tabs. */
function useRememberedText(area: SyncArea): string | null {
  const key = REMEMBERED_USER_KEYS[area]
  const subscribe = useCallback(
    (listener: () => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === key) listener()
      }
      window.addEventListener('storage', onStorage)
      return () => window.removeEventListener('storage', onStorage)
    },
    [key],
  )
  return useSyncExternalStore(subscribe, () => (IS_SALES_HOST ? null : readStored(key)))
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

const NOTHING: readonly UnsentChange[] = []
const noSubscription = () => () => {}
const notices = new Map<string, { text: string; unsent: readonly UnsentChange[] }>()

/** A database's unsent notice, kept current (the same list while it is unchanged). */
function useUnsentNotice(name: string | null): readonly UnsentChange[] {
  const subscribe = useCallback(
    (listener: () => void) => (name ? watchUnsentNotice(name, listener) : () => {}),
    [name],
  )
  return useSyncExternalStore(subscribe, () => {
    if (!name) return NOTHING
    const unsent = readUnsentNotice(name)
    const text = JSON.stringify(unsent)
    const known = notices.get(name)
    if (known?.text === text) return known.unsent
    notices.set(name, { text, unsent })
    return unsent
  })
}
