// Tells the header's count that a refusal was marked read on this page, so it does not
// keep showing one the person has just dismissed.

const listeners = new Set<() => void>()

/** Announces that the server's list of refusals changed. */
export function announceRefusalsChange(): void {
  for (const listener of listeners) listener()
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function onRefusalsChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
