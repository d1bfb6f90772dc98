import type { InferResponseType } from 'hono/client'
import { createContext, type ReactNode, useContext } from 'react'
import type { api } from '../../lib/api-client.ts'
import { salesUser } from '../../lib/first-answers.ts'
import { REMEMBERED_SALES_USER_KEY } from '../../lib/remembered-account.ts'
import { useSessionQuery } from '../../lib/use-session-query.ts'

/** GET /api/gold-estates/auth/user's answer, as the server's route types it. */
type SalesUserAnswer = InferResponseType<(typeof api)['gold-estates']['auth']['user']['$get'], 200>

/**
 * Who is signed in to the sales area, typed from the route's answer. The organisation's id
 * keeps the wire's American spelling (decision 020; read it through getSessionAccount).
 * `sellerId` is the seller this sign-in belongs to (a SELLER), or null (a launched
 * superadmin). `organisationName`, for the header, is absent in a user remembered by an
 * older build.
 */
export type SalesUser = Omit<SalesUserAnswer, 'organisationName'> & { organisationName?: string }

/** The sales session: loading, signed out, or signed in with the user. */
export type SalesSession =
  | { status: 'loading'; user?: undefined }
  | { status: 'signed-out'; user?: undefined }
  | { status: 'signed-in'; user: SalesUser }

type SalesSessionValue = SalesSession & {
  /** Asks the server again (after login, or when replication got a 401). */
  refetch: () => Promise<void>
  /** Forgets the user on this page (after logout). */
  forget: () => void
}

const SalesSessionContext = createContext<SalesSessionValue | null>(null)

/**
 * The sales area's own session (cookie gold_estates_session), independent of Centraal's,
 * through the same session layer (useSessionQuery): GET /api/gold-estates/auth/user on
 * mount and on window focus; 401 is signed out. Without network the last known user is
 * used, so the sales area opens offline.
 */
export function SalesSessionProvider({ children }: { children: ReactNode }) {
  const { state, refetch, forget } = useSessionQuery<SalesUser>({
    area: 'sales',
    loadUser: salesUser.ask,
    rememberKey: REMEMBERED_SALES_USER_KEY,
  })
  const session: SalesSession =
    state.status === 'loading'
      ? { status: 'loading' }
      : state.status === 'ready' && state.user
        ? { status: 'signed-in', user: state.user }
        : { status: 'signed-out' }
  return (
    <SalesSessionContext value={{ ...session, refetch, forget }}>{children}</SalesSessionContext>
  )
}

/** The sales session; `user` is set when signed in. */
export function useSalesSession(): SalesSessionValue {
  const value = useContext(SalesSessionContext)
  if (!value) throw new Error('useSalesSession needs a SalesSessionProvider')
  return value
}

/** The signed-in sales user; only for screens behind the sales guard. */
export function useSalesUser(): SalesUser {
  const session = useSalesSession()
  if (session.status !== 'signed-in') throw new Error('No sales user signed in')
  return session.user
}
