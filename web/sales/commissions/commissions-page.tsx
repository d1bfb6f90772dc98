import { PageHeader } from '../../components/page-header.tsx'
import { formatMoney } from '../../lib/format-money.ts'
import { showToast } from '../../lib/toasts.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { setCommissionStatus, useSalesCatalog, useSalesUser } from '../data/index.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { CommissionsView } from './commissions-view.tsx'
import type { CommissionLine } from './sale-card.tsx'

/** {base}/commissions (docs/behaviour.md): the filtered commission dashboard of the local data. */
export function CommissionsPage() {
  const user = useSalesUser()
  const { isLoading, data: catalog, error } = useSalesCatalog()
  const currency = useSalesCurrency()
  const today = useToday()
  const canMarkPaid = hasSalesPermission(user, 'sales.commissions.pay')

  const changeStatus = async (saleId: string, line: CommissionLine, status: 'paid' | 'pending') => {
    // A line is stored inside its sale: the sale's id finds it.
    const target = { id: line.id, saleId }
    try {
      await setCommissionStatus(target, status)
      const undo = status === 'paid' ? 'pending' : 'paid'
      showToast({
        title: status === 'paid' ? 'Commissie betaald' : 'Commissie weer openstaand',
        description: `${line.sellerName}: ${formatMoney(line.amount, currency)}`,
        action: {
          label: 'Ongedaan maken',
          onAction: () => void setCommissionStatus(target, undo).catch(showFailure),
        },
      })
    } catch (failure) {
      showFailure(failure)
    }
  }

  return (
    <>
      <PageHeader
        title="Commissie Dashboard"
        description="Verkopen en commissies per periode, verkoper, project en label"
      />
      {isLoading ? (
        <DataLoading />
      ) : error ? (
        <DataFailed />
      ) : (
        <CommissionsView
          catalog={catalog}
          today={today}
          currency={currency}
          onSetStatus={
            canMarkPaid
              ? (saleId, line, status) => void changeStatus(saleId, line, status)
              : undefined
          }
        />
      )}
    </>
  )
}

function showFailure(failure: unknown) {
  showToast({
    title: 'Fout',
    description: failure instanceof Error ? failure.message : 'Probeer het opnieuw',
    variant: 'destructive',
  })
}
