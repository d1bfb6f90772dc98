// Tells every open page that the queue changed, wherever the change was made: in the page
// itself, another tab, or the service worker replaying it.

const CHANNEL_NAME = 'centraal-sync-queue'

const hasChannel = typeof BroadcastChannel !== 'undefined'
// Without BroadcastChannel only listeners in this context can hear of a change.
const localListeners = new Set<() => void>()
let sender: BroadcastChannel | undefined

/** Announces a change to every listener in every context of this origin. */
export function announceQueueChange(): void {
  if (!hasChannel) {
    for (const listener of localListeners) listener()
    return
  }
  sender ??= new BroadcastChannel(CHANNEL_NAME)
  sender.postMessage('changed')
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function onQueueChange(listener: () => void): () => void {
  if (!hasChannel) {
    localListeners.add(listener)
    return () => localListeners.delete(listener)
  }
  // Its own channel object: a channel does not hear the messages it posts itself, but it
  // does hear those of the sender above, in this context too.
  const receiver = new BroadcastChannel(CHANNEL_NAME)
  receiver.addEventListener('message', listener)
  return () => receiver.close()
}
