import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { lazyExports } from '../lib/lazy-export.ts'
import { LandingPage } from '../public/landing/landing-page.tsx'
import { LoginPage } from '../public/login/login-page.tsx'
import {
  ConfirmEmailPage,
  ForgotPasswordPage,
  HelpPage,
  ResetPasswordPage,
  TermsPage,
} from './shared-pages.ts'

// The landing page and the login come with the first load; the other signed-out pages
// are visited rarely and load on demand (the landing page's JavaScript budget, decision
// 012), like the signed-in screens. The service worker precaches them all.
const { RegisterPage, SimpleSetupPage, TokenSetupPage } = lazyExports({
  RegisterPage: () => import('../public/register/register-page.tsx'),
  SimpleSetupPage: () => import('../public/setup/simple-setup-page.tsx'),
  TokenSetupPage: () => import('../public/setup/token-setup-page.tsx'),
})

/** /setup/ is a token link without its token (docs/behaviour.md: redirect to /); /setup is the simple setup. */
function SetupRoute() {
  const { pathname } = useLocation()
  return pathname.endsWith('/') ? <Navigate to="/" replace /> : <SimpleSetupPage />
}

/** What a visitor who is not signed in can reach (docs/behaviour.md). */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/setup" element={<SetupRoute />} />
      <Route path="/setup/:token" element={<TokenSetupPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
      <Route path="/help" element={<HelpPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  )
}
