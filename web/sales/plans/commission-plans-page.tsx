import { ChevronRight, Layers, Plus } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { buttonClass } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { useCommissionPlans } from '../data/use-commission-plans.ts'
import { BackToSettings } from '../layout/back-to-settings.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { describeRole, describeTerms, formatDay, versionOn } from './plan-text.ts'
import type { PlanSummary } from './plan-types.ts'

/**
 * {base}/settings/commission-plans (docs/behaviour.md, Commissieplannen): the plans with the
 * version in force today, for the sales ADMIN; each opens its editor.
 */
export function CommissionPlansPage() {
  const canEdit = hasSalesPermission(useSalesUser(), 'sales.settings.write')
  const plans = useCommissionPlans()
  const today = useToday()
  const add = (
    <Link to={salesPath('/settings/commission-plans/new')} className={buttonClass()}>
      <Plus aria-hidden />
      Nieuw plan
    </Link>
  )
  return (
    <>
      <BackToSettings />
      <PageHeader
        title="Commissieplannen"
        description="Wat elke rol krijgt van de netto commissie, met treden op het volume"
        actions={canEdit && plans?.length ? add : undefined}
      />
      {!canEdit ? (
        <Alert title="Alleen voor een admin">Alleen een admin beheert de commissieplannen.</Alert>
      ) : plans === undefined ? (
        <InlineLoading />
      ) : (
        <div className="grid gap-4">
          {plans.length === 0 ? (
            <EmptyState Icon={Layers} title="Nog geen commissieplannen">
              <p className="max-w-md text-muted-foreground text-sm">
                Een plan zegt per rol welk deel van de netto commissie een verkoper krijgt, en vanaf
                welk volume meer.
              </p>
              {add}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {plans.map((plan) => (
                <PlanItem key={plan.id} plan={plan} today={today} />
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  )
}

function PlanItem({ plan, today }: { plan: PlanSummary; today: string }) {
  const version = versionOn(plan.versions, today)
  return (
    <li>
      <Link
        to={salesPath(`/settings/commission-plans/${plan.id}`)}
        className="group grid gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex items-start gap-2">
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="break-words font-semibold">{plan.name}</span>
            {version && (
              <span className="text-muted-foreground text-sm">
                {`${version.from > today ? 'Gaat in' : 'Van kracht sinds'} ${formatDay(version.from)} · ${describeTerms(version)}`}
              </span>
            )}
          </span>
          <Badge variant="outline">
            {plan.versions.length === 1 ? '1 versie' : `${plan.versions.length} versies`}
          </Badge>
          <ChevronRight
            aria-hidden
            className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
          />
        </span>
        {version && (
          <span className="grid gap-0.5 text-sm">
            {version.roles.map((role) => (
              <span key={role.role} className="break-words">
                {describeRole(role)}
              </span>
            ))}
          </span>
        )}
      </Link>
    </li>
  )
}
