import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, loadSalesRoutes, loadSignedInRoutes } from './app/app.tsx'
import { afterFirstScreen } from './lib/after-first-screen.ts'
import { isSalesAreaPath, startFirstAnswers } from './lib/first-answers.ts'
import { startQueueReplay } from './lib/offline-queue/start-queue-replay.ts'
import { appContainer } from './lib/prerendered-landing.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import './styles.css'

/** How long the first render waits at most for the code of the area the page opens in. */
const AREA_CODE_WAIT_MS = 2000

// The session (and a dashboard's figures) are asked before React starts, and the signed-in
// screens' code as soon as the answer names someone, not after the next render.
const { pathname } = window.location
const isSignedIn = startFirstAnswers(pathname)
const areaCode = isSalesAreaPath(pathname)
  ? loadSalesRoutes()
  : isSignedIn.then((isCentralSession) => (isCentralSession ? loadSignedInRoutes() : undefined))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The first render waits for that code (on its way with the page: the server names it),
// so the area renders at once instead of suspending behind a fallback, which React holds
// on screen for at least 300 ms. The page shows what it came with meanwhile ("Laden...",
// as React would, or the landing page). A failed load (offline without the chunk) is
// reported by the screen that needs it.
const waited = new Promise((resolve) => setTimeout(resolve, AREA_CODE_WAIT_MS))
void Promise.race([areaCode.catch(() => undefined), waited]).then(() => {
  // A transition renders in slices that yield to the browser between them, so the first
  // render is no single long task on a slow phone (input and paint are not held up by it).
  startTransition(() => {
    createRoot(appContainer(root)).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
})

// On a new device the worker's install fetches and stores the whole app: after the first
// screen, not against it (decision 041).
void afterFirstScreen().then(registerServiceWorker)
startQueueReplay()
