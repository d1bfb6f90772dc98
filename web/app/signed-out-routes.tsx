import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { ForgotPasswordPage } from '../public/info/forgot-password-page.tsx'
import { HelpPage } from '../public/info/help-page.tsx'
import { TermsPage } from '../public/info/terms-page.tsx'
import { LandingPage } from '../public/landing/landing-page.tsx'
import { LoginPage } from '../public/login/login-page.tsx'
import { RegisterPage } from '../public/register/register-page.tsx'
import { SimpleSetupPage } from '../public/setup/simple-setup-page.tsx'
import { TokenSetupPage } from '../public/setup/token-setup-page.tsx'

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
      <Route path="/help" element={<HelpPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  )
}
