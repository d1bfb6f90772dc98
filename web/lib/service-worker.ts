import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'

// The page's side of the service worker (docs/behaviour.md): register /service-worker.js on page
// load, check for a new version every 60 minutes (docs/behaviour.md, Constants), and let the user switch to a
// waiting new version.

const SERVICE_WORKER_URL = '/service-worker.js'
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let workbox: Workbox | undefined
let isUpdateWaiting = false
const listeners = new Set<() => void>()

function setUpdateWaiting(value: boolean) {
  isUpdateWaiting = value
  for (const listener of listeners) listener()
}

/**
 * Registers the service worker once the page has loaded. Only in a production build: the
 * Vite dev server has no /service-worker.js. A failed registration is only logged (docs/behaviour.md, Validation rules and messages).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return
  workbox = new Workbox(SERVICE_WORKER_URL)
  workbox.addEventListener('waiting', () => setUpdateWaiting(true))
  workbox
    .register()
    .then((registration) => {
      if (!registration) return
      setInterval(() => {
        registration.update().catch((error: unknown) => {
          console.warn('Service worker update check failed', error)
        })
      }, UPDATE_CHECK_INTERVAL_MS)
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error))
}

/** Lets the waiting version take over, then reloads the page into it. */
export function activateWaitingVersion(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}

/** Whether a new version is installed and waits for the user's go-ahead. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => isUpdateWaiting,
  )
}
