import type { SyncStatus, SyncStatusStore } from './sync-status.ts'

type Message = { type: 'status'; status: SyncStatus } | { type: 'ask' }

/**
 * Shares one database's sync state between the tabs of this browser. Only the leader tab
 * replicates, so only it knows what is unsent, when it last caught up and what went
 * wrong; it posts its state on every change and when a new tab asks, and the other tabs
 * take it over. Without BroadcastChannel every tab is on its own (and replicates alone).
 */
export function shareSyncStatus(
  name: string,
  status: SyncStatusStore,
  leadership: Promise<unknown>,
) {
  if (typeof BroadcastChannel === 'undefined') return { stop() {} }
  const channel = new BroadcastChannel(`centraal-sync-status-${name}`)
  let isLeader = false
  let unsubscribe = () => {}
  const post = () => channel.postMessage({ type: 'status', status: status.get() } satisfies Message)
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data.type === 'ask' && isLeader) post()
    // Refusals are announced where they happen; a follower shows them through the list.
    if (event.data.type === 'status' && !isLeader) status.update(event.data.status)
  }
  channel.postMessage({ type: 'ask' } satisfies Message)
  void leadership.then(() => {
    isLeader = true
    unsubscribe = status.subscribe(post)
    post()
  })
  return {
    stop() {
      unsubscribe()
      channel.close()
    },
  }
}
