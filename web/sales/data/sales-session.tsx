import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import type { z } from 'zod'
import type { SalesRoleSchema } from '#schema/sales'
import { getJson } from '../../lib/api-request.ts'

/** GET /api/gold-estates/auth/user: who is signed in to the sales area. */
export type SalesUser = {
  id: string
  name: string
  email: string
  role: z.infer<typeof SalesRoleSchema>
  status: string
  organizationId: string
  /** The seller this sign-in belongs to (a SELLER), or null (a launched superadmin). */
  sellerId: string | null
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

const USER_URL = '/api/gold-estates/auth/user'
/** localStorage key of the last sales user; both logouts clear it. */
const REMEMBERED_KEY = 'centraal.salesUser'

/**
 * The sales area's own session (cookie gold_estates_session), independent of Centraal's:
 * GET /api/gold-estates/auth/user on mount and on window focus; 401 is signed out. Without
 * network the last known user is used, so the sales area opens offline.
 */
export function SalesSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SalesSession>({ status: 'loading' })

  const refetch = useCallback(async () => {
    try {
      const user = await getJson<SalesUser>(USER_URL, { on401: 'returnNull' })
      remember(user)
      setSession(user ? { status: 'signed-in', user } : { status: 'signed-out' })
    } catch (error) {
      setSession((previous) => {
        if (previous.status !== 'loading') return previous
        const user = error instanceof TypeError ? recall() : null
        return user ? { status: 'signed-in', user } : { status: 'signed-out' }
      })
    }
  }, [])

  const forget = useCallback(() => {
    remember(null)
    setSession({ status: 'signed-out' })
  }, [])

  useEffect(() => {
    void refetch()
    const onFocus = () => void refetch()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [refetch])

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

function remember(user: SalesUser | null) {
  try {
    if (user) localStorage.setItem(REMEMBERED_KEY, JSON.stringify(user))
    else localStorage.removeItem(REMEMBERED_KEY)
  } catch {
    // No storage (private mode): the sales area then needs the network to start.
  }
}

function recall(): SalesUser | null {
  try {
    const text = localStorage.getItem(REMEMBERED_KEY)
    return text ? (JSON.parse(text) as SalesUser) : null
  } catch {
    return null
  }
}
