import { REPLAY_QUEUE_MESSAGE } from '../service-worker-messages.ts'
import { replayQueue } from './replay-queue.ts'

/**
 * Replays the queue at page load and whenever the connection returns (DESIGN.md): the
 * service worker does it when it controls the page, otherwise the page itself (browsers
 * without Background Sync or without a service worker).
 */
export function startQueueReplay(): void {
  const replay = () => {
    if (navigator.onLine) requestReplay()
  }
  window.addEventListener('online', replay)
  replay()
}

/** Asks for one replay now (also the indicator's "Nu versturen"). */
export function requestReplay(): void {
  const controller = navigator.serviceWorker?.controller
  if (controller) {
    controller.postMessage(REPLAY_QUEUE_MESSAGE)
    return
  }
  replayQueue().catch((error: unknown) => console.warn('Replaying the offline queue failed', error))
}
