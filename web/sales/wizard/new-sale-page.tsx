import { useNavigate } from 'react-router-dom'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { registerSale, salesPath, useSalesData, useSalesUser } from '../data/index.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { NewSaleWizard } from './new-sale-wizard.tsx'

const isActive = (item: { status: string }) => item.status === 'active'
const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true })

/** {base}/sales/new (docs/behaviour.md, Validation rules and messages): the sale wizard; the sale is saved locally, so offline too. */
export function NewSalePage() {
  const user = useSalesUser()
  const { isLoading, data } = useSalesData()
  const currency = useSalesCurrency()
  const navigate = useNavigate()
  if (isLoading) return <DataLoading />
  const projects = data.projects.filter(isActive).sort((a, b) => byName.compare(a.name, b.name))
  const sellers = data.sellers.filter(isActive).sort((a, b) => byName.compare(a.name, b.name))
  const ownSeller = sellers.find((seller) => seller.id === user.sellerId)
  return (
    <NewSaleWizard
      projects={projects}
      sellers={sellers}
      currency={currency}
      ownSeller={ownSeller && { sellerId: ownSeller.id, role: ownSeller.role ?? '' }}
      mustIncludeOwnLine={!hasSalesPermission(user, 'sales.read.all')}
      dashboardPath={salesPath('/dashboard')}
      projectsPath={salesPath('/projects')}
      onRegister={registerSale}
      onRegistered={() => navigate(salesPath('/dashboard'))}
    />
  )
}
