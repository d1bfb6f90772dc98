import { createContext, type ReactNode, useContext } from 'react'
import type { CurrentUser } from '#schema/auth'
import { centralUser } from './first-answers.ts'
import { REMEMBERED_USER_KEY } from './remembered-account.ts'
import { type SessionQueryState, useSessionQuery } from './use-session-query.ts'

export type CurrentUserState = SessionQueryState<CurrentUser>

type CurrentUserContextValue = { state: CurrentUserState; refetchUser: () => Promise<void> }

const CurrentUserContext = createContext<CurrentUserContextValue | null>(null)

/**
 * Holds who is signed in to Centraal: GET /api/auth/user on mount and whenever
 * the window gains focus, never retried; 401 means signed out (useSessionQuery).
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const { state, refetch } = useSessionQuery<CurrentUser>({
    area: 'central',
    loadUser: centralUser.ask,
    rememberKey: REMEMBERED_USER_KEY,
  })
  return <CurrentUserContext value={{ state, refetchUser: refetch }}>{children}</CurrentUserContext>
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
