import { ArrowLeft, Ban } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { ProjectDocument, SaleDocument } from '#schema/sales'
import { Badge } from '../../components/badge.tsx'
import { Button, buttonClass } from '../../components/button.tsx'
import { formatDateTime } from '../../lib/format-date.ts'
import { salesPath } from '../data/index.ts'
import { CorrectSaleLink } from './correct-sale-link.tsx'

type SaleHeaderProps = {
  sale: SaleDocument
  project: ProjectDocument | undefined
  /** Present for those who may correct and cancel, while the sale stands. */
  onCancel?: () => void
}

/**
 * The sale's title (client, project, property number), "Geannuleerd" with its reason, and
 * "Verkoop corrigeren" and "Verkoop annuleren" for those who may.
 */
export function SaleHeader({ sale, project, onCancel }: SaleHeaderProps) {
  const isCancelled = sale.status === 'cancelled'
  return (
    <div className="mb-6 grid gap-3">
      <Link
        to={salesPath('/commissions')}
        className={buttonClass('ghost', 'sm', '-ml-3 justify-self-start')}
      >
        <ArrowLeft aria-hidden />
        Commissie Dashboard
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">
              {sale.clientName}
            </h1>
            {isCancelled && <Badge variant="destructive">Geannuleerd</Badge>}
            {sale.reviewStatus === 'pending' && <Badge variant="warning">Ter beoordeling</Badge>}
            {sale.reviewStatus === 'rejected' && <Badge variant="destructive">Afgewezen</Badge>}
          </div>
          <p className="text-muted-foreground">
            {project?.name ?? 'Onbekend project'} · Bouwnummer {sale.propertyNumber}
          </p>
        </div>
        {onCancel && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <CorrectSaleLink saleId={sale.id} />
            <Button
              variant="outline"
              className="flex-1 text-destructive hover:text-destructive sm:flex-none"
              onClick={onCancel}
            >
              <Ban aria-hidden />
              Verkoop annuleren
            </Button>
          </div>
        )}
      </div>
      {isCancelled && (
        <div className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">
            Geannuleerd{sale.cancelledAt ? ` op ${formatDateTime(sale.cancelledAt)}` : ''}
          </p>
          <p className="break-words text-muted-foreground">
            Reden: {sale.cancelReason ?? 'geen reden opgegeven'}
          </p>
        </div>
      )}
    </div>
  )
}
