import type { UnsentChange } from './sync-status.ts'

// What each local database has not sent yet, kept beside it in localStorage by the tab that
// replicates it (watchUnsentChanges) so that a page of the other area knows of it without
// opening it: that page then opens the database to send it (web/lib/other-area-sync.tsx),
// its header counts it and a logout names it (decision 029).

/** Prefix of every notice (a logout keeps other people's, as their unsent work stays). */
export const UNSENT_NOTICE_PREFIX = 'centraal-unsent:'

const listeners = new Map<string, Set<() => void>>()

function notify(name: string) {
  for (const listener of listeners.get(name) ?? []) listener()
}

/** Records what a database has not sent yet; an empty list removes its notice. */
export function writeUnsentNotice(name: string, unsent: readonly UnsentChange[]): void {
  try {
    const key = `${UNSENT_NOTICE_PREFIX}${name}`
    if (unsent.length === 0) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(unsent))
  } catch {
    // No storage (private mode, outside a browser): only the open database knows.
    return
  }
  notify(name)
}

/** What a database had not sent when it was last counted; empty when nothing is known. */
export function readUnsentNotice(name: string): readonly UnsentChange[] {
  try {
    const text = localStorage.getItem(`${UNSENT_NOTICE_PREFIX}${name}`)
    const unsent: unknown = text ? JSON.parse(text) : []
    return Array.isArray(unsent) ? (unsent as UnsentChange[]) : []
  } catch {
    return []
  }
}

/** Forgets a database's notice: its data was removed, or its changes kept as refusals. */
export function clearUnsentNotice(name: string): void {
  writeUnsentNotice(name, [])
}

/**
 * Hears every change of a database's notice, written in this page or another tab; returns
 * the unsubscribe function.
 */
export function watchUnsentNotice(name: string, listener: () => void): () => void {
  const own = listeners.get(name) ?? new Set()
  own.add(listener)
  listeners.set(name, own)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === `${UNSENT_NOTICE_PREFIX}${name}`) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    own.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}
