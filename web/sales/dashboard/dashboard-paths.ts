import { salesPath } from '../data/index.ts'
import type { DashboardPaths } from './dashboard-view.tsx'

/**
 * Where the dashboard's links go: one object for the page's life, so the memoised view skips
 * a render its figures did not change.
 */
export const DASHBOARD_PATHS: DashboardPaths = {
  newSale: salesPath('/sales/new'),
  commissions: salesPath('/commissions'),
  statistics: salesPath('/statistics'),
  salesImport: salesPath('/sheets-sync'),
}
