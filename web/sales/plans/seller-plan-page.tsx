import { useParams } from 'react-router-dom'
import { map } from 'rxjs'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { useCommissionPlans, usePlanBook, useSellerPosition } from '../data/use-commission-plans.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { ActiveStatusBadge } from '../layout/status-badge.tsx'
import { PlacementCard } from './placement-card.tsx'
import { BackToSellers } from './plan-back-links.tsx'
import { findRoleTiers, PositionCard } from './position-card.tsx'

/**
 * {base}/sellers/:id (docs/behaviour.md, Commissieplannen): a seller's plan, its history and
 * where they stand; the sales ADMIN puts them on another plan. A SELLER sees their own only.
 */
export function SellerPlanPage() {
  const { id = '' } = useParams()
  const user = useSalesUser()
  const seesAll = hasSalesPermission(user, 'sales.read.all')
  const mayRead = seesAll || user.sellerId === id
  const seller = useSalesLiveQuery(
    ({ db }) => liveDocs(db.sellers.find()).pipe(map((all) => all.find((item) => item.id === id))),
    [id],
  )
  const shown = seller.status === 'ready' ? seller.data : undefined
  return (
    <>
      <BackToSellers />
      <PageHeader
        title={shown?.name ?? 'Verkoper'}
        description={
          shown ? (
            <span className="flex flex-wrap items-center gap-1.5">
              {shown.role && <Badge variant="outline">{shown.role}</Badge>}
              <ActiveStatusBadge status={shown.status} />
            </span>
          ) : undefined
        }
      />
      {!mayRead ? (
        <Alert title="Niet zichtbaar">Je ziet alleen je eigen commissieplan en positie.</Alert>
      ) : seller.status === 'ready' && !shown ? (
        <Alert variant="destructive" title="Verkoper niet gevonden">
          Deze verkoper bestaat niet (meer) in deze organisatie.
        </Alert>
      ) : (
        <SellerPlan
          sellerId={id}
          sellerName={shown?.name ?? ''}
          canEdit={hasSalesPermission(user, 'sales.settings.write')}
        />
      )}
    </>
  )
}

function SellerPlan(props: { sellerId: string; sellerName: string; canEdit: boolean }) {
  const today = useToday()
  const position = useSellerPosition(props.sellerId)
  const book = usePlanBook()
  const plans = useCommissionPlans()
  const tiers = position ? findRoleTiers(book, props.sellerId, position.role, today) : []
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PositionCard position={position} tiers={tiers} />
      {book && plans && (
        <PlacementCard
          sellerId={props.sellerId}
          sellerName={props.sellerName}
          placements={book.placements.filter((item) => item.sellerId === props.sellerId)}
          plans={plans}
          today={today}
          canEdit={props.canEdit}
        />
      )}
    </div>
  )
}
