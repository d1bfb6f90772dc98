import { BrowserRouter } from 'react-router-dom'
import { ConnectionBanner } from '../components/connection-banner.tsx'
import { LoadingScreen } from '../components/loading-screen.tsx'
import { Toaster } from '../components/toaster.tsx'
import { UpdatePrompt } from '../components/update-prompt.tsx'
import { CurrentUserProvider, useCurrentUserState } from '../lib/current-user.tsx'
import { SignedInRoutes } from './signed-in-routes.tsx'
import { SignedOutRoutes } from './signed-out-routes.tsx'
import { StartupError } from './startup-error.tsx'

/** Who is signed in decides which set of routes exists (spec §6). */
function CentralRoutes() {
  const { state } = useCurrentUserState()
  if (state.status === 'loading') return <LoadingScreen />
  if (state.status === 'failed') return <StartupError error={state.error} />
  return state.user ? <SignedInRoutes /> : <SignedOutRoutes />
}

export function App() {
  return (
    <BrowserRouter>
      <CurrentUserProvider>
        <ConnectionBanner />
        <CentralRoutes />
        <Toaster />
        <UpdatePrompt />
      </CurrentUserProvider>
    </BrowserRouter>
  )
}
