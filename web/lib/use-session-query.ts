import { startTransition, useCallback, useEffect, useState } from 'react'
import type { SyncArea } from '#sync/account'
import { type SessionUser, setSignedInUser } from '#sync/client/signed-in-account'
import { ApiError } from './api-error.ts'
import { PendingLogoutError } from './offline-queue/pending-logout.ts'

export type SessionQueryState<User> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; user: User | null }

/**
 * The one client-side session layer of both areas (Centraal: GET /api/auth/user; Gold
 * Estates: GET /api/gold-estates/auth/user): asked on mount and whenever the window gains
 * focus, never retried; 401 means signed out. A failed refetch keeps what was known, so a
 * flaky connection does not sign anyone out of the screen, and a page opened with no
 * network at all starts with the user of the last answer (offline-first; logout forgets
 * it). Every answer tells the sync layer at once who is signed in (setSignedInUser), so
 * a local database of someone else stops sending before React closes it. While the area's
 * logout waits to be sent (PendingLogoutError) nobody is signed in. A logout in another tab
 * (it removes the remembered user) signs this tab out at once, also without a connection.
 */
export function useSessionQuery<User extends SessionUser>(options: {
  area: SyncArea
  /** Asks the area's user endpoint (a typed call of `api`). */
  loadUser: () => Promise<User>
  /** localStorage key of the last user; the logouts remove it. */
  rememberKey: string
}) {
  const { area, loadUser, rememberKey } = options
  const [state, setState] = useState<SessionQueryState<User>>({ status: 'loading' })

  const refetch = useCallback(async () => {
    try {
      const user = await loadUser().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return null
        if (error instanceof PendingLogoutError) return null
        throw error
      })
      remember(rememberKey, user)
      setSignedInUser(area, user)
      // The answer brings in a whole area's screens: rendered in slices (decision 012).
      startTransition(() => setState({ status: 'ready', user }))
    } catch (error) {
      setState((previous) => {
        if (previous.status === 'ready') return previous
        const remembered = error instanceof TypeError ? recall<User>(rememberKey) : null
        if (!remembered) return { status: 'failed', error }
        setSignedInUser(area, remembered)
        return { status: 'ready', user: remembered }
      })
    }
  }, [area, loadUser, rememberKey])

  const forget = useCallback(() => {
    remember(rememberKey, null)
    setSignedInUser(area, null)
    setState({ status: 'ready', user: null })
  }, [area, rememberKey])

  useEffect(() => {
    void refetch()
    const onFocus = () => void refetch()
    const onStorage = (event: StorageEvent) => {
      const isForgotten =
        event.newValue === null && (event.key === rememberKey || event.key === null)
      if (isForgotten) forget()
    }
    window.addEventListener('focus', onFocus)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener('focus', onFocus)
      window.removeEventListener('storage', onStorage)
    }
  }, [refetch, forget, rememberKey])

  return { state, refetch, forget }
}

function remember(key: string, user: unknown) {
  try {
    if (user) localStorage.setItem(key, JSON.stringify(user))
    else localStorage.removeItem(key)
  } catch {
    // No storage (private mode): the app then needs the network to start.
  }
}

function recall<User>(key: string): User | null {
  try {
    const text = localStorage.getItem(key)
    return text ? (JSON.parse(text) as User) : null
  } catch {
    return null
  }
}
