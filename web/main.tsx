import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { startQueueReplay } from './lib/offline-queue/start-queue-replay.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition renders in slices that yield to the browser between them, so the first
// render is no single long task on a slow phone (input and paint are not held up by it).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})

registerServiceWorker()
startQueueReplay()
