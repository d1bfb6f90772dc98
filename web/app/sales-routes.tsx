// First: zod must not compile validators with eval (the CSP forbids it) before any parse.
import '../lib/zod-without-eval.ts'
import { Navigate, Route, Routes } from 'react-router-dom'
import { IS_SALES_HOST, salesPath } from '../lib/sales-path.ts'
import { TokenSetupPage } from '../public/setup/token-setup-page.tsx'
// ── Screens of the sales screens engineer (web/sales/{dashboard,wizard,commissions,statistics}).
import { CommissionsPage } from '../sales/commissions/commissions-page.tsx'
import { DashboardPage } from '../sales/dashboard/dashboard-page.tsx'
// ── Access, layout and management screens.
import { SalesSessionProvider } from '../sales/data/sales-session.tsx'
import { SalesGuard } from '../sales/layout/sales-guard.tsx'
import { SalesLayout } from '../sales/layout/sales-layout.tsx'
import { SalesLoginPage } from '../sales/login/sales-login-page.tsx'
import { ProjectsPage } from '../sales/projects/projects-page.tsx'
import { SellersPage } from '../sales/sellers/sellers-page.tsx'
import { SalesSettingsPage } from '../sales/settings/settings-page.tsx'
import { SheetsSyncPage } from '../sales/sheets-sync/sheets-sync-page.tsx'
import { StatisticsPage } from '../sales/statistics/statistics-page.tsx'
import { SalesSyncRefusalsPage } from '../sales/sync-refusals/sync-refusals-page.tsx'
import { NewSalePage } from '../sales/wizard/new-sale-page.tsx'

/**
 * The sales area (spec §2 Sales area) with its own session. Paths are relative: the same
 * table serves '/gold-estates/*' on the central host and '/*' on SALES_HOST. Every screen
 * but the login needs a sales session (SalesGuard); {base}/ and unknown paths show the
 * dashboard.
 */
export function SalesRoutes() {
  const toDashboard = <Navigate to={salesPath('/dashboard')} replace />
  return (
    <SalesSessionProvider>
      <Routes>
        <Route path="login" element={<SalesLoginPage />} />
        {/* A setup link opened on the sales host (the server answers loginPath '/login'). */}
        {IS_SALES_HOST && <Route path="setup/:token" element={<TokenSetupPage />} />}
        <Route element={<SalesGuard />}>
          <Route element={<SalesLayout />}>
            <Route index element={toDashboard} />
            {/* Slots of the screens engineer. */}
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="sales/new" element={<NewSalePage />} />
            <Route path="commissions" element={<CommissionsPage />} />
            <Route path="statistics" element={<StatisticsPage />} />
            {/* Management. */}
            <Route path="settings" element={<SalesSettingsPage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="sellers" element={<SellersPage />} />
            <Route path="sheets-sync" element={<SheetsSyncPage />} />
            <Route path="sync-refusals" element={<SalesSyncRefusalsPage />} />
            <Route path="*" element={toDashboard} />
          </Route>
        </Route>
      </Routes>
    </SalesSessionProvider>
  )
}
