import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { seesAllSales } from '#schema/sales-visibility'
import { afterFirstScreen } from '../../lib/after-first-screen.ts'
import { compareNames } from '../../lib/compare-names.ts'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import {
  registerSale,
  salesPath,
  usePlanProposalData,
  useSalesCatalog,
  useSalesUser,
} from '../data/index.ts'
import { useSalesDatabase } from '../data/sales-database.tsx'
import { useDashboardQuestion } from '../data/use-dashboard-question.ts'
import { askSalesFiguresAhead } from '../data/use-local-sales-figures.ts'
import { getSalesPermissions } from '../layout/sales-roles.ts'
import { checkSalePayload, prepareSaleCheck } from './check-sale-payload.ts'
import { findSalePlan, type PlanContext, proposeFormLines } from './plan-lines.ts'
import { findHeldReasons, HELD_FOR_REVIEW_TOAST, ReviewNotice } from './review-notice.tsx'
import { createSaleForm, type SaleForm } from './sale-form.ts'
import { SaleWizard } from './sale-wizard.tsx'

const isActive = (item: { status: string }) => item.status === 'active'

/** {base}/sales/new (docs/behaviour.md, The sale wizard): the sale is saved locally, so offline too. */
export function NewSalePage() {
  const user = useSalesUser()
  const { isLoading, data } = useSalesCatalog()
  const currency = useSalesCurrency()
  const navigate = useNavigate()
  const plans = usePlanProposalData()
  const database = useSalesDatabase()
  const dashboardQuestion = useDashboardQuestion()
  useEffect(() => {
    void afterFirstScreen().then(prepareSaleCheck)
  }, [])
  if (isLoading || !plans) return <DataLoading />
  const projects = data.projects.filter(isActive).sort((a, b) => compareNames(a.name, b.name))
  const sellers = data.sellers.filter(isActive).sort((a, b) => compareNames(a.name, b.name))
  const found = sellers.find((seller) => seller.id === user.sellerId)
  const ownSeller = found && { sellerId: found.id, role: found.role ?? '' }
  // A SELLER may register only sales in which they hold a line.
  const mustIncludeOwnLine = !seesAllSales(getSalesPermissions(user))
  return (
    <SaleWizard
      projects={projects}
      sellers={sellers}
      currency={currency}
      createForm={() => createSaleForm(ownSeller)}
      title="Nieuwe verkoop"
      description="Registreer een verkoop en verdeel de commissie."
      back={{ path: salesPath('/dashboard'), label: 'Terug naar dashboard' }}
      projectsPath={salesPath('/projects')}
      submitLabel="Verkoop Registreren"
      plans={plans}
      notice={(form) => (
        <ReviewNotice reasons={findHeldReasons(form, !mustIncludeOwnLine, planOf(form, plans))} />
      )}
      prepare={(form) => {
        const checked = checkSalePayload(form, mustIncludeOwnLine ? ownSeller : undefined)
        const plan = planOf(form, plans)
        const isHeld = findHeldReasons(form, !mustIncludeOwnLine, plan).length > 0
        return checked.ok
          ? {
              ok: true,
              save: () =>
                registerSale(
                  checked.payload,
                  { userId: user.id, canReadAll: !mustIncludeOwnLine },
                  plan,
                ),
              saved: isHeld ? HELD_FOR_REVIEW_TOAST : undefined,
            }
          : checked
      }}
      saved={{
        title: 'Verkoop geregistreerd!',
        description: 'De verkoop en commissies zijn succesvol aangemaakt.',
      }}
      failedText="Failed to create sale"
      onSaved={() => {
        // The Dashboard's figures with the new sale are built while the page goes there.
        if (database) askSalesFiguresAhead(database.db, dashboardQuestion)
        navigate(salesPath('/dashboard'))
      }}
    />
  )
}

/** The sale's plan when plans cover every line (decision 040); undefined when typed. */
const planOf = (form: SaleForm, context: PlanContext) =>
  findSalePlan(form, proposeFormLines(form, context))
