import { SKIP_WAITING_MESSAGE } from './service-worker-messages.ts'

const WAIT_FOR_NEW_VERSION_MS = 15_000

/**
 * Brings this page onto the newest version when the server says it is outdated (426): a
 * plain reload would be answered from the old precached app and loop. Asks the service
 * worker to look for the new version, lets the waiting one take over, and reloads once
 * it controls the page; without a service worker (or if none arrives in time) a plain
 * reload is all there is.
 */
export async function updateToNewestVersion(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined)
  if (!registration) return window.location.reload()
  await registration.update().catch(() => undefined)
  const waiting = registration.waiting ?? (await waitForInstalled(registration))
  if (!waiting) return window.location.reload()
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  })
  waiting.postMessage(SKIP_WAITING_MESSAGE)
}

function waitForInstalled(registration: ServiceWorkerRegistration) {
  return new Promise<ServiceWorker | null>((resolve) => {
    const timer = setTimeout(() => resolve(registration.waiting), WAIT_FOR_NEW_VERSION_MS)
    const installing = registration.installing
    if (!installing) {
      clearTimeout(timer)
      resolve(registration.waiting)
      return
    }
    installing.addEventListener('statechange', () => {
      if (installing.state !== 'installed' && installing.state !== 'redundant') return
      clearTimeout(timer)
      resolve(registration.waiting)
    })
  })
}
