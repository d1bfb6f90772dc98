// The server's clock as this device knows it, learned from the Date header of the server's
// answers (REST and replication). Dates that decide something the server decides too
// (a commission overdue, a payment dated today) follow it, so a device whose clock is off
// shows what the server and every other device show. Until an answer came, and offline
// after a reload before one, the last offset learned on this device holds (kept in
// localStorage), else the device's own clock.

const STORAGE_KEY = 'centraal-server-clock-offset'

/** An offset that moved less than this is the same clock (the header is in whole seconds). */
const SAME_CLOCK_MS = 60_000

let offsetMs: number | undefined = readStoredOffset()
const listeners = new Set<() => void>()

/** Learns the server's clock from an answer's Date header; an answer without one is ignored. */
export function noteServerDate(response: Response, receivedAt = Date.now()) {
  const serverAt = Date.parse(response.headers.get('date') ?? '')
  if (Number.isNaN(serverAt)) return
  // The header drops the milliseconds: the middle of its second is the best guess.
  const next = serverAt + 500 - receivedAt
  const previous = offsetMs
  offsetMs = next
  if (previous !== undefined && Math.abs(next - previous) < SAME_CLOCK_MS) return
  storeOffset(next)
  for (const listener of listeners) listener()
}

/** Now, epoch ms, by the server's clock when known, else by this device's. */
export function getServerNow(): number {
  return Date.now() + (offsetMs ?? 0)
}

/** Calls `listener` when the server's clock is learned or found to have moved; returns the stop. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function readStoredOffset(): number | undefined {
  try {
    const stored = Number(globalThis.localStorage?.getItem(STORAGE_KEY) ?? Number.NaN)
    return Number.isFinite(stored) ? stored : undefined
  } catch {
    return undefined // storage refused (private mode, a worker)
  }
}

function storeOffset(offset: number) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, String(Math.round(offset)))
  } catch {
    // Kept in memory only.
  }
}
