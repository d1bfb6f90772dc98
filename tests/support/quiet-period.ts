/**
 * Waits out a window in which something must NOT happen (a second delivery, a retry, a
 * stray message), for the checks that prove a negative and have no later event that would
 * prove it instead. A negative can only be watched for a while, so the window is the
 * point: `why` says what it gives time for, so that a reader tells it from a wait for
 * something to happen (those wait on their condition: vi.waitFor, expect.poll, an event).
 * Where a later event proves the earlier one was handled (a marker write whose message
 * arrives after any stray one would have), wait for that instead.
 */
export async function quietPeriod(ms: number, why: string): Promise<void> {
  if (!why) throw new Error('quietPeriod: say what the window is for')
  await new Promise((resolve) => setTimeout(resolve, ms))
}
