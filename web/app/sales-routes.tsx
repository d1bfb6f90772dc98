import { Navigate, Route, Routes } from 'react-router-dom'
import { lazyExports } from '../lib/lazy-export.ts'
import { IS_SALES_HOST, salesPath } from '../lib/sales-path.ts'
import { TokenSetupPage } from '../public/setup/token-setup-page.tsx'
import { DashboardPage } from '../sales/dashboard/dashboard-page.tsx'
import { SalesSessionProvider } from '../sales/data/sales-session.tsx'
import { SalesGuard } from '../sales/layout/sales-guard.tsx'
import { SalesLayout } from '../sales/layout/sales-layout.tsx'
import { SalesLoginPage } from '../sales/login/sales-login-page.tsx'
import { ConfirmEmailPage, ForgotPasswordPage, ResetPasswordPage } from './shared-pages.ts'

// The login and the dashboard come with the area; the other screens load when opened,
// inside the layout (its Outlet waits for them). The service worker precaches them all.
// A sale: registering, reading and correcting it.
const { NewSalePage, SaleDetailPage, CorrectSalePage } = lazyExports({
  NewSalePage: () => import('../sales/wizard/new-sale-page.tsx'),
  SaleDetailPage: () => import('../sales/sale-detail/sale-detail-page.tsx'),
  CorrectSalePage: () => import('../sales/wizard/correct-sale-page.tsx'),
})
// The figures.
const { CommissionsPage, StatisticsPage } = lazyExports({
  CommissionsPage: () => import('../sales/commissions/commissions-page.tsx'),
  StatisticsPage: () => import('../sales/statistics/statistics-page.tsx'),
})
// The commission plans, and a seller's own.
const { CommissionPlansPage, PlanEditorPage, SellerPlanPage } = lazyExports({
  CommissionPlansPage: () => import('../sales/plans/commission-plans-page.tsx'),
  PlanEditorPage: () => import('../sales/plans/plan-editor-page.tsx'),
  SellerPlanPage: () => import('../sales/plans/seller-plan-page.tsx'),
})
// The settings and what they manage.
const { SalesSettingsPage, ProjectsPage, SellersPage, SalesImportPage } = lazyExports({
  SalesSettingsPage: () => import('../sales/settings/settings-page.tsx'),
  ProjectsPage: () => import('../sales/projects/projects-page.tsx'),
  SellersPage: () => import('../sales/sellers/sellers-page.tsx'),
  SalesImportPage: () => import('../sales/sales-import/sales-import-page.tsx'),
})
// The changes the server refused.
const { SalesSyncRefusalsPage } = lazyExports({
  SalesSyncRefusalsPage: () => import('../sales/sync-refusals/sync-refusals-page.tsx'),
})

/**
 * The sales area (docs/behaviour.md, Gold Estates) with its own session. Paths are relative: the same
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
        <Route path="forgot-password" element={<ForgotPasswordPage area="sales" />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage area="sales" />} />
        {/* The address change's link: it works with or without a sales session. */}
        <Route path="confirm-email/:token" element={<ConfirmEmailPage area="sales" />} />
        {/* A setup link opened on the sales host (the server answers loginPath '/login'). */}
        {IS_SALES_HOST && <Route path="setup/:token" element={<TokenSetupPage />} />}
        <Route element={<SalesGuard />}>
          <Route element={<SalesLayout />}>
            <Route index element={toDashboard} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="sales/new" element={<NewSalePage />} />
            <Route path="sales/:id" element={<SaleDetailPage />} />
            <Route path="sales/:id/edit" element={<CorrectSalePage />} />
            <Route path="commissions" element={<CommissionsPage />} />
            <Route path="statistics" element={<StatisticsPage />} />
            <Route path="settings" element={<SalesSettingsPage />} />
            <Route path="settings/commission-plans" element={<CommissionPlansPage />} />
            <Route path="settings/commission-plans/new" element={<PlanEditorPage />} />
            <Route path="settings/commission-plans/:id" element={<PlanEditorPage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="sellers" element={<SellersPage />} />
            <Route path="sellers/:id" element={<SellerPlanPage />} />
            <Route path="sheets-sync" element={<SalesImportPage />} />
            <Route path="sync-refusals" element={<SalesSyncRefusalsPage />} />
            <Route path="*" element={toDashboard} />
          </Route>
        </Route>
      </Routes>
    </SalesSessionProvider>
  )
}
