import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import type { CurrentUser } from '#schema/auth'
import { getJson } from './api-request.ts'

export type CurrentUserState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; user: CurrentUser | null }

type CurrentUserContextValue = { state: CurrentUserState; refetchUser: () => Promise<void> }

const CurrentUserContext = createContext<CurrentUserContextValue | null>(null)

/**
 * Holds who is signed in (spec §4): GET /api/auth/user on mount and whenever the window
 * gains focus, never retried; 401 means signed out. A failed refetch keeps what was known,
 * so a flaky connection does not sign anyone out of the screen, and a page opened with no
 * network at all starts with the user of the last answer (offline-first; logout forgets it).
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<CurrentUserState>({ status: 'loading' })

  const refetchUser = useCallback(async () => {
    try {
      const user = await getJson<CurrentUser>('/api/auth/user', { on401: 'returnNull' })
      rememberUser(user)
      setState({ status: 'ready', user })
    } catch (error) {
      setState((previous) => {
        if (previous.status === 'ready') return previous
        const remembered = error instanceof TypeError ? recallUser() : null
        return remembered ? { status: 'ready', user: remembered } : { status: 'failed', error }
      })
    }
  }, [])

  useEffect(() => {
    void refetchUser()
    const onFocus = () => void refetchUser()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [refetchUser])

  return <CurrentUserContext value={{ state, refetchUser }}>{children}</CurrentUserContext>
}

/** localStorage key of the last signed-in user; clearCachedData removes it at logout. */
const REMEMBERED_USER_KEY = 'centraal.currentUser'

function rememberUser(user: CurrentUser | null) {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user))
    else localStorage.removeItem(REMEMBERED_USER_KEY)
  } catch {
    // No storage (private mode): the app then needs the network to start.
  }
}

function recallUser(): CurrentUser | null {
  try {
    const text = localStorage.getItem(REMEMBERED_USER_KEY)
    return text ? (JSON.parse(text) as CurrentUser) : null
  } catch {
    return null
  }
}

export function useCurrentUserState(): CurrentUserContextValue {
  const value = useContext(CurrentUserContext)
  if (!value) throw new Error('useCurrentUserState needs a CurrentUserProvider')
  return value
}

/** The signed-in user; only for screens rendered inside the signed-in app. */
export function useSignedInUser(): CurrentUser {
  const { state } = useCurrentUserState()
  if (state.status !== 'ready' || !state.user) throw new Error('No signed-in user')
  return state.user
}
