import { lazyExports } from '../lib/lazy-export.ts'

// The pages more than one route tree shows (a mailed link, the login's "forgot password",
// help and terms): loaded when opened, one lazy component each for all the trees.
export const { ForgotPasswordPage, ResetPasswordPage, ConfirmEmailPage, HelpPage, TermsPage } =
  lazyExports({
    ForgotPasswordPage: () => import('../public/info/forgot-password-page.tsx'),
    ResetPasswordPage: () => import('../public/reset/reset-password-page.tsx'),
    ConfirmEmailPage: () => import('../public/confirm-email/confirm-email-page.tsx'),
    HelpPage: () => import('../public/info/help-page.tsx'),
    TermsPage: () => import('../public/info/terms-page.tsx'),
  })
