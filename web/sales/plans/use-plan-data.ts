import { useCallback } from 'react'
import type { PlanVersion } from '#schema/commission-plans'
import type { SellerPosition } from '#schema/plan-arithmetic'
import type { PlanBook } from '#schema/plan-resolution'
import { api } from '../../lib/api-client.ts'
import { useServerData } from '../../lib/use-server-data.ts'

// The plans as the screens read them. The devices do not hold plans yet (decision 039,
// "Not yet"), so these read the REST API, with the last answer kept for a page opened
// offline (useServerData). Each hook answers in the shape the local hooks of
// web/sales/data/use-commission-plans.ts will, so the screens take either.

const plansApi = api['gold-estates']['commission-plans']

/** A plan with its versions, oldest first. */
export type PlanSummary = { id: string; name: string; versions: PlanVersion[] }

/** Where a seller stands; null when they are on no plan today. */
export type ShownPosition =
  | (SellerPosition & { text: string | null; planName: string; role: string })
  | null

/** What a read gives a screen: the data once known, and whether it is an offline copy. */
export type PlanRead<T> = {
  data: T | undefined
  failed: unknown
  isFromCache: boolean
  reload: () => Promise<void>
}

function toRead<T>(
  { state, reload }: ReturnType<typeof useServerData<T>>,
  shape: (data: T) => unknown = (data) => data,
): PlanRead<never> {
  return {
    data: state.status === 'ready' ? (shape(state.data) as never) : undefined,
    failed: state.status === 'failed' ? state.error : undefined,
    isFromCache: state.status === 'ready' && state.isFromCache,
    reload,
  }
}

const loadPlans = async () => (await plansApi.$get()).json()
const loadBook = async () => (await plansApi.book.$get()).json() as Promise<PlanBook>

/** Every plan the signed-in person may see (a SELLER: their own). */
export function usePlans(): PlanRead<PlanSummary[]> {
  return toRead(useServerData('/api/gold-estates/commission-plans', loadPlans))
}

/** The plan book: versions, placements and project rates (a SELLER: their own). */
export function useBook(): PlanRead<PlanBook> {
  return toRead(useServerData('/api/gold-estates/commission-plans/book', loadBook))
}

/** A seller's position today (a SELLER: their own only). */
export function usePosition(sellerId: string): PlanRead<ShownPosition> {
  const load = useCallback(async () => {
    const answer = await api['gold-estates'].sellers[':id'].position.$get({
      param: { id: sellerId },
      query: {},
    })
    return answer.json()
  }, [sellerId])
  const read = useServerData(`/api/gold-estates/sellers/${sellerId}/position`, load)
  return toRead(read, (position) => {
    if (!position.planName || position.share === null || position.tier === null) return null
    return {
      periodStart: position.periodStart,
      periodEnd: position.periodEnd,
      volume: position.volume,
      share: position.share,
      tier: position.tier,
      nextThreshold: position.nextThreshold,
      nextShare: position.nextShare,
      text: position.nextTierText,
      planName: position.planName,
      role: position.role ?? '',
    }
  })
}
