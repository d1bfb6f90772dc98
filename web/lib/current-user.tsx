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
 * gains focus, never retried or cached; 401 means signed out. A failed refetch keeps what
 * was known, so a flaky connection does not sign anyone out of the screen.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<CurrentUserState>({ status: 'loading' })

  const refetchUser = useCallback(async () => {
    try {
      const user = await getJson<CurrentUser>('/api/auth/user', { on401: 'returnNull' })
      setState({ status: 'ready', user })
    } catch (error) {
      setState((previous) => (previous.status === 'ready' ? previous : { status: 'failed', error }))
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
