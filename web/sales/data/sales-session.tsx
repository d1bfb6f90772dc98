import { createContext, type ReactNode, useContext } from 'react'
import type { z } from 'zod'
import type { SalesRoleSchema } from '#schema/sales'
import { salesUser } from '../../lib/first-answers.ts'
import { REMEMBERED_SALES_USER_KEY } from '../../lib/remembered-account.ts'
import { useSessionQuery } from '../../lib/use-session-query.ts'

/** GET /api/gold-estates/auth/user: who is signed in to the sales area. */
export type SalesUser = {
  id: string
  name: string
  email: string
  role: z.infer<typeof SalesRoleSchema>
  status: string
  /** The American spelling is the wire's (decision 020); read it through getSessionAccount. */
  organizationId: string
  /** The seller this sign-in belongs to (a SELLER), or null (a launched superadmin). */
  sellerId: string | null
  /** The organisation's name, for the header (absent in a user remembered by an older build). */
  organisationName?: string
}

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
