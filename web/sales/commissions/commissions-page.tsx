import { PageHeader } from '../../components/page-header.tsx'
import { formatMoney } from '../../lib/format-money.ts'
import { showToast } from '../../lib/toasts.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { setCommissionStatus, useSalesData, useSalesUser } from '../data/index.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { CommissionsView } from './commissions-view.tsx'
import type { CommissionLine } from './sale-card.tsx'

/** {base}/commissions (docs/behaviour.md): the filtered commission dashboard of the local data. */
export function CommissionsPage() {
  const user = useSalesUser()
  const { isLoading, data, error } = useSalesData()
  const currency = useSalesCurrency()
  const today = useToday()
  const canMarkPaid = hasSalesPermission(user, 'sales.commissions.pay')

  const changeStatus = async (line: CommissionLine, status: 'paid' | 'pending') => {
    // The shown line names no sale; the local line does (it is stored inside its sale).
    const saleId = data.commissions.find((candidate) => candidate.id === line.id)?.saleId ?? ''
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
          data={data}
          today={today}
          currency={currency}
          onSetStatus={canMarkPaid ? (line, status) => void changeStatus(line, status) : undefined}
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
