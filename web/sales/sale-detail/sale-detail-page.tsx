import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { getOpenAmount } from '#schema/commission-line-status'
import { computeOfficeShare } from '#schema/office-share'
import { isReviewCleared } from '#schema/sale-review'
import { seesAllSales } from '#schema/sales-visibility'
import { Alert } from '../../components/alert.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { findSaleRecord, hasPaymentsInTransit } from '../components/find-sale-record.ts'
import { SaleNotFound } from '../components/sale-not-found.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { useSaleData, useSalesSyncStatus, useSalesUser } from '../data/index.ts'
import { canCorrectSale, getSalesPermissions, hasSalesPermission } from '../layout/sales-roles.ts'
import { CancelSaleDialog } from './cancel-sale-dialog.tsx'
import { CommissionLinesCard } from './commission-lines-card.tsx'
import {
  approveDeal,
  cancelDeal,
  registerPayment,
  rejectDeal,
  undoPayment,
} from './deal-actions.ts'
import { KIND_LABELS } from './line-labels.ts'
import { PaymentDialog } from './payment-dialog.tsx'
import { RejectSaleDialog } from './reject-sale-dialog.tsx'
import { ReviewPanel } from './review-panel.tsx'
import { SaleFactsCard } from './sale-facts-card.tsx'
import { SaleHeader } from './sale-header.tsx'

// The line is looked up on every render: the dialog shows what is open now, not when opened.
// "Afwijzen" keeps the version shown when it was opened: the split read before writing a
// reason is the one rejected; a sale changed meanwhile is refused by the server.
type OpenDialog =
  | { type: 'pay'; lineId: string }
  | { type: 'cancel' }
  | { type: 'reject'; seq: number }
  | null

/**
 * {base}/sales/:id: one sale with its commission lines per seller and their payment parts,
 * from the local database (works offline). Paying needs sales.commissions.pay, correcting
 * and cancelling sales.correct, approving or rejecting a sale "Ter beoordeling"
 * sales.approve; a SELLER reads their own lines (all of their own sale under review).
 */
export function SaleDetailPage() {
  const { id = '' } = useParams()
  const user = useSalesUser()
  const { isLoading, data, error } = useSaleData(id)
  const currency = useSalesCurrency()
  const today = useToday()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [isReviewing, setIsReviewing] = useState(false)
  // On a fresh device the sale may still be on its way: not "not found" before that.
  const isFilling = useSalesSyncStatus().firstSync !== null
  if (isLoading) return <DataLoading />
  if (error) return <DataFailed />
  const record = findSaleRecord(data, id)
  if (!record) return isFilling ? <DataLoading /> : <SaleNotFound />
  const { sale, lines, payments, project } = record

  // A sale the server has not answered yet has provisional lines: nothing to act on yet.
  const isOnServer = sale.seq !== 0
  const isStanding = sale.status !== 'cancelled'
  const seesAll = seesAllSales(getSalesPermissions(user))
  // A sale under review or sent back pays nothing until approved (schema/sale-review.ts).
  const canPay =
    hasSalesPermission(user, 'sales.commissions.pay') && isOnServer && isReviewCleared(sale)
  const canCorrect = hasSalesPermission(user, 'sales.correct') && isOnServer && isStanding
  const canReview =
    hasSalesPermission(user, 'sales.approve') &&
    isOnServer &&
    isStanding &&
    sale.reviewStatus === 'pending' &&
    sale.createdBy !== user.id
  const review = async (write: () => Promise<boolean>) => {
    setIsReviewing(true)
    try {
      return await write()
    } finally {
      setIsReviewing(false)
    }
  }
  const sellerName = (sellerId: string) =>
    data.sellers.find((seller) => seller.id === sellerId)?.name ?? 'Onbekende verkoper'
  const payLine =
    dialog?.type === 'pay' ? lines.find((line) => line.id === dialog.lineId) : undefined
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null)
  }

  return (
    <>
      <SaleHeader
        sale={sale}
        project={project}
        onCancel={canCorrect ? () => setDialog({ type: 'cancel' }) : undefined}
      />
      <ReviewPanel
        sale={sale}
        lines={lines}
        canCorrect={isOnServer && isStanding && canCorrectSale(user, sale)}
        review={
          canReview
            ? {
                onApprove: () => void review(() => approveDeal(sale.id, sale.seq)),
                onReject: () => setDialog({ type: 'reject', seq: sale.seq }),
                isBusy: isReviewing,
              }
            : undefined
        }
      />
      {!isOnServer && (
        <div className="mb-6">
          <Alert title="Nog niet op de server">
            Deze verkoop staat alleen op dit apparaat. Betalen, corrigeren en annuleren kan zodra
            hij verzonden is.
          </Alert>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SaleFactsCard sale={sale} project={project} currency={currency} />
        <CommissionLinesCard
          lines={lines}
          payments={payments}
          sellers={data.sellers}
          today={today}
          currency={currency}
          isOwnOnly={!seesAll}
          officeShare={
            seesAll && sale.fromPlan && isStanding
              ? computeOfficeShare(sale.commissionAmount, lines)
              : undefined
          }
          actions={
            canPay
              ? {
                  onPay: (line) => setDialog({ type: 'pay', lineId: line.id }),
                  onUndo: (part, line) =>
                    void undoPayment(part, {
                      sellerName: sellerName(line.sellerId),
                      currency,
                      paidOnText: formatCalendarDate(part.paidOn),
                    }),
                }
              : undefined
          }
        />
      </div>

      {payLine && (
        <PaymentDialog
          target={{
            sellerName: sellerName(payLine.sellerId),
            kindLabel: KIND_LABELS[payLine.kind],
            open: Math.abs(getOpenAmount(payLine)),
            isRepayment: payLine.commissionAmount < 0,
          }}
          currency={currency}
          onOpenChange={closeDialog}
          onSubmit={async (part) => {
            const isStored = await registerPayment(payLine, part, {
              sellerName: sellerName(payLine.sellerId),
              currency,
            })
            if (isStored) setDialog(null)
          }}
        />
      )}
      {dialog?.type === 'reject' && (
        <RejectSaleDialog
          clientName={sale.clientName}
          onOpenChange={closeDialog}
          onConfirm={async (reason) => {
            if (await review(() => rejectDeal(sale.id, dialog.seq, reason))) setDialog(null)
          }}
        />
      )}
      {dialog?.type === 'cancel' && (
        <CancelSaleDialog
          clientName={sale.clientName}
          isWaiting={hasPaymentsInTransit(record)}
          onOpenChange={closeDialog}
          onConfirm={async (reason) => {
            if (await cancelDeal(sale.id, reason)) setDialog(null)
          }}
        />
      )}
    </>
  )
}
