import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, loadSignedInRoutes } from './app/app.tsx'
import { startFirstAnswers } from './lib/first-answers.ts'
import { startQueueReplay } from './lib/offline-queue/start-queue-replay.ts'
import { appContainer } from './lib/prerendered-landing.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import './styles.css'

// The session (and a dashboard's figures) are asked before React starts, and the signed-in
// screens' code as soon as the answer names someone, not after the next render.
void startFirstAnswers(window.location.pathname).then((isSignedIn) => {
  // A failed load (offline, no cache) is reported by the screen that needs the chunk.
  if (isSignedIn) loadSignedInRoutes().catch(() => undefined)
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition renders in slices that yield to the browser between them, so the first
// render is no single long task on a slow phone (input and paint are not held up by it).
startTransition(() => {
  createRoot(appContainer(root)).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})

registerServiceWorker()
startQueueReplay()
