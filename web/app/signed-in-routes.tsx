// First: zod must not compile validators with eval (the CSP forbids it) before any parse.
import '../lib/zod-without-eval.ts'
import { Navigate, Route, Routes } from 'react-router-dom'
import { ActivitiesPage } from '../central/activities/activities-page.tsx'
import { AppsPage } from '../central/apps/apps-page.tsx'
import { DashboardPage } from '../central/dashboard/dashboard-page.tsx'
import { NotFoundPage } from '../central/not-found/not-found-page.tsx'
import { SettingsPage } from '../central/settings/settings-page.tsx'
import { AppShell } from '../central/shell/app-shell.tsx'
import { SyncRefusalsPage } from '../central/sync-refusals/sync-refusals-page.tsx'
import { SyncNotices } from '../central/sync-status/sync-notices.tsx'
import { UsersPage } from '../central/users/users-page.tsx'
import { useSignedInUser } from '../lib/current-user.tsx'
import { LocalDatabaseProvider } from '../lib/local-database.tsx'
import { HelpPage } from '../public/info/help-page.tsx'
import { TermsPage } from '../public/info/terms-page.tsx'

/**
 * The signed-in app (spec §2), reading and writing the person's local database.
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
