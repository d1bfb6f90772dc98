import { combineLatest, map, type Observable } from 'rxjs'
import type { PlanVersion } from '#schema/commission-plans'
import {
  findLocalPosition,
  findLocalPositions,
  type LocalSellerPosition,
  type LocalTeamPosition,
  toPlanBook,
  toPlanList,
} from '#schema/local-plans'
import type { PlanBook } from '#schema/plan-resolution'
import type { SaleDocType } from '#schema/rx/sales'
import type { SalesDatabase } from '#sync/client/local-database'
import { liveDocs } from '../../lib/live-docs.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesLiveQuery } from './use-sales-live-query.ts'

// Commission plans from the local database (decision 040), offline: the plan book the
// wizard proposes from, the plans by name, and a seller's position. A SELLER's database
// holds their own plans and placements and the projects' plans, nothing of other sellers.

function liveBook(db: SalesDatabase['db']) {
  return combineLatest([
    liveDocs(db.plan_versions.find()),
    liveDocs(db.plan_placements.find()),
    liveDocs(db.project_rates.find()),
  ]).pipe(
    map(([versions, placements, projectRates]) =>
      toPlanBook({ versions, placements, projectRates }),
    ),
  )
}

/** The local sales dated in `year` (a plan's period counts the year's volume). */
function liveSalesOfYear(db: SalesDatabase['db'], year: string) {
  const selector = { saleDate: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } }
  return liveDocs(db.sales.find({ selector })).pipe(map((sales) => sales as SaleDocType[]))
}

/**
 * What a position is found from: the plan book, the plans, `sellers` (one seller or all)
 * and the local sales of `year`.
 */
function livePositionInputs<Sellers>(
  db: SalesDatabase['db'],
  year: string,
  sellers: Observable<Sellers>,
) {
  return combineLatest([
    liveBook(db),
    liveDocs(db.commission_plans.find()),
    sellers,
    liveSalesOfYear(db, year),
  ])
}

/** The local plan versions, placements and project rates; undefined while loading. */
export function usePlanBook(): PlanBook | undefined {
  const query = useSalesLiveQuery(({ db }) => liveBook(db), [])
  return query.status === 'ready' ? query.data : undefined
}

/** The plans this device holds by name, each with its versions oldest first. */
export function useCommissionPlans():
  | { id: string; name: string; versions: PlanVersion[] }[]
  | undefined {
  const query = useSalesLiveQuery(
    ({ db }) =>
      combineLatest([liveDocs(db.commission_plans.find()), liveBook(db)]).pipe(
        map(([plans, book]) => toPlanList(plans, book)),
      ),
    [],
  )
  return query.status === 'ready' ? query.data : undefined
}

/**
 * Where a seller stands today on their plan, from the local sales (a sale registered here
 * counts at once, with the device's own lines): their volume this period, the share they
 * are at and "Nog € … tot … %". Null when they are on no plan (or, on a SELLER's device,
 * for anyone but themselves: their placements are not here); undefined while loading.
 */
export function useSellerPosition(sellerId: string): LocalSellerPosition | null | undefined {
  const today = useToday()
  const year = today.slice(0, 4)
  const query = useSalesLiveQuery(
    ({ db }) =>
      livePositionInputs(
        db,
        year,
        liveDocs(db.sellers.find({ selector: { id: sellerId } })).pipe(map((found) => found[0])),
      ).pipe(
        map(([book, plans, seller, sales]) =>
          findLocalPosition({ book, plans, seller, sellerId, sales, date: today }),
        ),
      ),
    [sellerId, today, year],
  )
  return query.status === 'ready' ? query.data : undefined
}

/**
 * Every seller on a plan today with their position, in one pass over this year's local
 * sales (findLocalPositions). A SELLER's device holds only their own placements, so only
 * they appear there. Undefined while loading.
 */
export function useTeamPositions(): LocalTeamPosition[] | undefined {
  const today = useToday()
  const year = today.slice(0, 4)
  const query = useSalesLiveQuery(
    ({ db }) =>
      livePositionInputs(db, year, liveDocs(db.sellers.find())).pipe(
        map(([book, plans, sellers, sales]) =>
          findLocalPositions({ book, plans, sellers, sales, date: today }),
        ),
      ),
    [today, year],
  )
  return query.status === 'ready' ? query.data : undefined
}

/**
 * What the wizard proposes from (decision 040): the plan book, the plans' names and the
 * local sales of this year and the last (a sale may be dated back), and today. Undefined
 * while loading.
 */
export function usePlanProposalData() {
  const today = useToday()
  const since = `${Number(today.slice(0, 4)) - 1}-01-01`
  const query = useSalesLiveQuery(
    ({ db }) =>
      combineLatest([
        liveBook(db),
        liveDocs(db.commission_plans.find()),
        liveDocs(db.sales.find({ selector: { saleDate: { $gte: since } } })),
      ]).pipe(
        map(([book, plans, sales]) => ({
          book,
          planNames: new Map(plans.map((plan) => [plan.id, plan.name])),
          sales: sales as SaleDocType[],
          today,
        })),
      ),
    [since, today],
  )
  return query.status === 'ready' ? query.data : undefined
}
