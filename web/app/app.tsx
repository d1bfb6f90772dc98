import { Suspense, useEffect } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { ConnectionBanner } from '../components/connection-banner.tsx'
import { LoadingScreen } from '../components/loading-screen.tsx'
import { Toaster } from '../components/toaster.tsx'
import { UpdatePrompt } from '../components/update-prompt.tsx'
import { markFirstScreenDrawn } from '../lib/after-first-screen.ts'
import { CurrentUserProvider, useCurrentUserState } from '../lib/current-user.tsx'
import { lazyExport } from '../lib/lazy-export.ts'
import { IS_SALES_HOST, SALES_BASE } from '../lib/sales-path.ts'
import { SignedOutRoutes } from './signed-out-routes.tsx'
import { StartupError } from './startup-error.tsx'

// The signed-out pages come with the first load; the signed-in areas (and RxDB, which
// only they use) load on demand. The service worker precaches every chunk, so a device
// that has been online once opens each area offline.
const SignedInRoutes = lazyExport(() => import('./signed-in-routes.tsx'), 'SignedInRoutes')
const SalesRoutes = lazyExport(() => import('./sales-routes.tsx'), 'SalesRoutes')

/** The signed-in screens' code; main.tsx asks for it as soon as a session is found. */
export const loadSignedInRoutes = SignedInRoutes.preload
/** The sales area's code; main.tsx asks for it when the page opens there. */
export const loadSalesRoutes = SalesRoutes.preload

/** Who is signed in decides which set of routes exists (docs/behaviour.md, Roles and rights). */
function CentralRoutes() {
  const { state } = useCurrentUserState()
  if (state.status === 'loading') return <LoadingScreen />
  if (state.status === 'failed') return <StartupError error={state.error} />
  return state.user ? <SignedInRoutes /> : <SignedOutRoutes />
}

/**
 * The host decides the app (docs/architecture.md, Hosts): on SALES_HOST only the sales area, at '/';
 * elsewhere Centraal, with the sales area under /gold-estates. The sales area has its own
 * session, so Centraal's signed-in or signed-out routes never see its paths.
 */
function HostRoutes() {
  if (IS_SALES_HOST) return <SalesRoutes />
  return (
    <Routes>
      <Route path={`${SALES_BASE}/*`} element={<SalesRoutes />} />
      <Route
        path="*"
        element={
          <CurrentUserProvider>
            <CentralRoutes />
          </CurrentUserProvider>
        }
      />
    </Routes>
  )
}

export function App() {
  useEffect(markFirstScreenDrawn, [])
  return (
    <BrowserRouter>
      <ConnectionBanner />
      <Suspense fallback={<LoadingScreen />}>
        <HostRoutes />
      </Suspense>
      <Toaster />
      <UpdatePrompt />
    </BrowserRouter>
  )
}
