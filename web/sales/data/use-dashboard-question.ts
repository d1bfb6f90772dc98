import type { SalesFiguresQuestion } from '#schema/local-sales-data'
import { DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE } from '#schema/plausible-commission'
import { useToday } from '../components/use-today.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { useSalesUser } from './sales-session.tsx'
import { useSalesSettings } from './use-sales-settings.ts'

/** The Dashboard's question of the local figures. */
export type DashboardQuestion = Extract<SalesFiguresQuestion, { figures: 'dashboard' }>

/**
 * What the Dashboard asks of the local figures for the signed-in sales user today: the
 * "Ter beoordeling" list as its reviewer, and for a sales ADMIN the sales above the
 * plausible commission %. One builder, so a screen that asks the Dashboard's figures ahead
 * (the wizard's press) asks the very question the Dashboard then asks.
 */
export function useDashboardQuestion(): DashboardQuestion {
  const user = useSalesUser()
  const today = useToday()
  const plausibleCommission = usePlausibleCommission()
  return {
    figures: 'dashboard',
    today,
    reviewer: { id: user.id, isApprover: hasSalesPermission(user, 'sales.approve') },
    plausibleCommission: hasSalesPermission(user, 'sales.settings.write')
      ? plausibleCommission
      : undefined,
  }
}

/** The organisation's plausible commission % as last seen (the default until known). */
function usePlausibleCommission(): number {
  const { state } = useSalesSettings()
  // A copy kept by a build before the setting has none.
  const known = state.status === 'ready' ? state.data.plausibleCommissionPercentage : undefined
  return known ?? DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE
}
