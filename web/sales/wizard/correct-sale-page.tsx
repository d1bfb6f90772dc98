import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { getSaleSplits } from '#schema/commission-changes'
import { seesAllSales } from '#schema/sales-visibility'
import { Alert } from '../../components/alert.tsx'
import { compareNames } from '../../lib/compare-names.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import {
  findSaleRecord,
  hasPaymentsInTransit,
  hasSalePayments,
  type SaleRecord,
} from '../components/find-sale-record.ts'
import { SaleNotFound } from '../components/sale-not-found.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import {
  correctSale,
  salesPath,
  useSaleData,
  useSalesSyncStatus,
  useSalesUser,
} from '../data/index.ts'
import { canCorrectSale, getSalesPermissions } from '../layout/sales-roles.ts'
import { checkSaleCorrection, createCorrectionForm, hasUnshownSplits } from './sale-correction.ts'
import { SaleWizard } from './sale-wizard.tsx'

/**
 * {base}/sales/:id/edit, "Verkoop corrigeren" (sales.correct, or a SELLER's own sale under
 * review or sent back, which goes back "Ter beoordeling"): the wizard over the sale's
 * figures and current split. The server recomputes the lines, or adds adjustment lines
 * once something is paid.
 */
export function CorrectSalePage() {
  const { id = '' } = useParams()
  const user = useSalesUser()
  const { isLoading, data, error } = useSaleData(id)
  const currency = useSalesCurrency()
  const navigate = useNavigate()
  // On a fresh device the sale and its lines may still be on their way: the form starts
  // from them only once they are all there.
  const isFilling = useSalesSyncStatus().firstSync !== null
  const salePath = salesPath(`/sales/${id}`)
  if (isLoading || isFilling) return <DataLoading />
  if (error) return <DataFailed />
  const record = findSaleRecord(data, id)
  if (!record) return <SaleNotFound />
  const { sale, lines } = record
  if (!canCorrectSale(user, sale) || sale.status === 'cancelled') {
    return <Navigate to={salePath} replace />
  }
  const canReadAll = seesAllSales(getSalesPermissions(user))

  const splits = getSaleSplits(sale, lines)
  // Inactive sellers and projects cannot be chosen for a new sale, but stay in their own.
  const inSplit = new Set(splits.map((split) => split.sellerId))
  const sellers = data.sellers
    .filter((seller) => seller.status === 'active' || inSplit.has(seller.id))
    .sort((a, b) => compareNames(a.name, b.name))
  const isWaiting = hasPaymentsInTransit(record)

  return (
    <SaleWizard
      key={sale.id}
      projects={record.project ? [record.project] : []}
      sellers={sellers}
      currency={currency}
      createForm={() => createCorrectionForm(sale, splits)}
      title="Verkoop corrigeren"
      description={`${sale.clientName} · Bouwnummer ${sale.propertyNumber}`}
      back={{ path: salePath, label: 'Terug naar de verkoop' }}
      projectsPath={salesPath('/projects')}
      submitLabel="Correctie opslaan"
      notice={<CorrectionNotices splits={splits} record={record} isWaiting={isWaiting} />}
      isSaveBlocked={isWaiting}
      prepare={(form) => {
        const checked = checkSaleCorrection(form)
        return checked.ok
          ? { ok: true, save: () => correctSale(sale.id, checked.correction, { canReadAll }) }
          : checked
      }}
      saved={{ title: 'Verkoop gecorrigeerd', description: 'De commissies worden herberekend.' }}
      failedText="De correctie kon niet worden opgeslagen"
      onSaved={() => navigate(salePath)}
    />
  )
}

type CorrectionNoticesProps = {
  splits: Parameters<typeof hasUnshownSplits>[0]
  record: SaleRecord
  isWaiting: boolean
}

/** What to know before saving: payments already made, payments still on their way. */
function CorrectionNotices({ splits, record, isWaiting }: CorrectionNoticesProps) {
  const isPaid = hasSalePayments(record)
  const isLossy = hasUnshownSplits(splits)
  if (!isPaid && !isWaiting && !isLossy) return null
  return (
    <div className="grid gap-3">
      {isLossy && (
        <Alert variant="destructive">
          Deze verkoop heeft meer dan één regel van dezelfde extra commissie; de wizard toont er één
          per soort. Wat je opslaat vervangt de hele verdeling.
        </Alert>
      )}
      {isPaid && (
        <Alert title="Let op">
          Er is al betaald op deze verkoop: verschillen worden als correctieregels toegevoegd.
        </Alert>
      )}
      {isWaiting && (
        <Alert variant="destructive" title="Even wachten">
          Betalingen op deze verkoop worden nog naar de server gestuurd. Opslaan kan zodra ze
          verwerkt zijn.
        </Alert>
      )}
    </div>
  )
}
