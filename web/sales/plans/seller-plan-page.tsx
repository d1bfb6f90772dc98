import { useParams } from 'react-router-dom'
import { map } from 'rxjs'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { describeError } from '../../lib/server-message.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { ActiveStatusBadge } from '../layout/status-badge.tsx'
import { PlacementCard } from './placement-card.tsx'
import { BackToSellers } from './plan-back-links.tsx'
import { findRoleTiers, PositionCard } from './position-card.tsx'
import { useBook, usePlans, usePosition } from './use-plan-data.ts'

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
  const position = usePosition(props.sellerId)
  const book = useBook()
  const plans = usePlans()
  const isFromCache = position.isFromCache || book.isFromCache || plans.isFromCache
  const failed = position.failed ?? book.failed ?? plans.failed
  const tiers = position.data
    ? findRoleTiers(book.data, props.sellerId, position.data.role, today)
    : []
  const reload = async () => {
    await Promise.all([position.reload(), book.reload(), plans.reload()])
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {isFromCache && (
        <div className="lg:col-span-2">
          <Alert title="Offline">
            Je ziet de laatst bekende stand van dit apparaat; verkopen van daarna tellen nog niet
            mee.
          </Alert>
        </div>
      )}
      {failed !== undefined && !isFromCache && (
        <div className="lg:col-span-2">
          <Alert variant="destructive" title="Het commissieplan kon niet geladen worden">
            {describeError(failed, 'Probeer het later opnieuw.')}
          </Alert>
        </div>
      )}
      <PositionCard
        position={position.data}
        tiers={tiers}
        failedText={position.failed ? 'Niet beschikbaar.' : undefined}
      />
      {book.data && plans.data && (
        <PlacementCard
          sellerId={props.sellerId}
          sellerName={props.sellerName}
          placements={book.data.placements.filter((item) => item.sellerId === props.sellerId)}
          plans={plans.data}
          today={today}
          canEdit={props.canEdit}
          onSaved={reload}
        />
      )}
    </div>
  )
}
