import { Navigate, Route, Routes } from 'react-router-dom'
import { DashboardPage } from '../central/dashboard/dashboard-page.tsx'
import { NotFoundPage } from '../central/not-found/not-found-page.tsx'
import { AppShell } from '../central/shell/app-shell.tsx'
import { SyncNotices } from '../central/sync-status/sync-notices.tsx'
import { useSignedInUser } from '../lib/current-user.tsx'
import { lazyExports } from '../lib/lazy-export.ts'
import { LocalDatabaseProvider } from '../lib/local-database.tsx'
import { ConfirmEmailPage, HelpPage, ResetPasswordPage, TermsPage } from './shared-pages.ts'

// The Dashboard comes with the area; the other screens (and the forms and validation they
// bring) load when opened, inside the shell (its Outlet waits for them). The service worker
// precaches them all, so they open offline too.
const { UsersPage, AppsPage, ActivitiesPage, SettingsPage, SyncRefusalsPage } = lazyExports({
  UsersPage: () => import('../central/users/users-page.tsx'),
  AppsPage: () => import('../central/apps/apps-page.tsx'),
  ActivitiesPage: () => import('../central/activities/activities-page.tsx'),
  SettingsPage: () => import('../central/settings/settings-page.tsx'),
  SyncRefusalsPage: () => import('../central/sync-refusals/sync-refusals-page.tsx'),
})

/**
 * The signed-in app (docs/behaviour.md), reading and writing the person's local database.
 * Sign-in screens send a signed-in user to the dashboard.
 */
export function SignedInRoutes() {
  const user = useSignedInUser()
  return (
    <LocalDatabaseProvider user={user}>
      <SyncNotices />
      <Routes>
        {['/login', '/register', '/setup', '/setup/:token', '/forgot-password'].map((path) => (
          <Route key={path} path={path} element={<Navigate to="/" replace />} />
        ))}
        {/* A reset link opened where someone is signed in still resets its own account. */}
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route element={<AppShell />}>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/apps" element={<AppsPage />} />
          <Route path="/activities" element={<ActivitiesPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/sync-refusals" element={<SyncRefusalsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </LocalDatabaseProvider>
  )
}
