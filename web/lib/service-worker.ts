import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'
import { CLAIM_MESSAGE } from './service-worker-messages.ts'

// The page's side of the service worker (docs/behaviour.md): register /service-worker.js on page
// load, check for a new version every 60 minutes and when the app comes back into view after
// some minutes (docs/behaviour.md, The shell), offer a waiting new version in every tab, let
// the user switch to it, and reload every tab into it once it takes over.

const SERVICE_WORKER_URL = '/service-worker.js'
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
/** A tab that comes back into view looks for a new version when its last look is this old. */
const UPDATE_CHECK_ON_VIEW_AFTER_MS = 5 * 60 * 1000

let workbox: Workbox | undefined
let isUpdateWaiting = false
const listeners = new Set<() => void>()

function setUpdateWaiting(value: boolean) {
  isUpdateWaiting = value
  for (const listener of listeners) listener()
}

/**
 * Registers the service worker once the page has loaded. Only in a production build: the
 * Vite dev server has no /service-worker.js. A failed registration is only logged.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return
  workbox = new Workbox(SERVICE_WORKER_URL)
  reloadWhenReplaced()
  askToBeTakenOver()
  workbox
    .register()
    .then((registration) => {
      if (!registration) return
      followWaitingVersion(registration)
      lookForNewVersions(registration)
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error))
}

/**
 * Offers a new version whenever one waits, whichever tab's check found it: every tab's
 * registration hears of an update, so every tab follows it itself rather than trusting
 * workbox-window's guess of whether this tab started it (it listens for one update only
 * once it guessed "another tab"). A first version (no controller yet) is no update.
 */
function followWaitingVersion(registration: ServiceWorkerRegistration) {
  const showWhetherWaiting = () =>
    setUpdateWaiting(registration.waiting !== null && navigator.serviceWorker.controller !== null)
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', showWhetherWaiting)
  })
  showWhetherWaiting()
}

/**
 * Looks for a new version every hour, and when the app comes back into view with its last
 * look minutes ago: a phone keeps an app open for days, mostly out of view, where timers
 * hardly run.
 */
function lookForNewVersions(registration: ServiceWorkerRegistration) {
  let lastLookAt = Date.now()
  const look = () => {
    lastLookAt = Date.now()
    registration.update().catch((error: unknown) => {
      console.warn('Service worker update check failed', error)
    })
  }
  setInterval(look, UPDATE_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return
    if (Date.now() - lastLookAt >= UPDATE_CHECK_ON_VIEW_AFTER_MS) look()
  })
}

/**
 * Reloads this tab when a new version takes over from the one that controlled it, whichever
 * tab pressed 'Vernieuwen' (the new worker claims every tab of the origin). Taking over
 * removes the old version's precache, so a tab left on the old code would load chunks that
 * are gone; and a new version may migrate the local database that an old tab still writes
 * to. Edits already in the local database or the offline queue are kept and sent after the
 * reload. The first version taking over a page that had none changes no code: no reload.
 */
function reloadWhenReplaced() {
  let isControlled = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isControlled) window.location.reload()
    isControlled = true
  })
}

/**
 * Asks the active version to take this page over if it has none yet. The first version
 * takes over the pages open when it activates, but a page whose document was still on its
 * way then is missed, and without a version it cannot open a screen whose code it never
 * loaded once offline.
 */
function askToBeTakenOver() {
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller === null) registration.active?.postMessage(CLAIM_MESSAGE)
  })
}

/** Lets the waiting version take over; every tab then reloads into it (reloadWhenReplaced). */
export function activateWaitingVersion(): void {
  workbox?.messageSkipWaiting()
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
