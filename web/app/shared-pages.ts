import { lazyExport } from '../lib/lazy-export.ts'

// The pages more than one route tree shows (a mailed link, the login's "forgot password",
// help and terms): loaded when opened, one lazy component each for all the trees.
export const ForgotPasswordPage = lazyExport(
  () => import('../public/info/forgot-password-page.tsx'),
  'ForgotPasswordPage',
)
export const ResetPasswordPage = lazyExport(
  () => import('../public/reset/reset-password-page.tsx'),
  'ResetPasswordPage',
)
export const ConfirmEmailPage = lazyExport(
  () => import('../public/confirm-email/confirm-email-page.tsx'),
  'ConfirmEmailPage',
)
export const HelpPage = lazyExport(() => import('../public/info/help-page.tsx'), 'HelpPage')
export const TermsPage = lazyExport(() => import('../public/info/terms-page.tsx'), 'TermsPage')
