/**
 * Ends the current task and goes on in a new one, so that the page's thread can paint and
 * answer a tap in between (the scheduler's `yield` where the browser has it, which goes on
 * ahead of other waiting work; a timer elsewhere).
 */
export function yieldToPage(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } }
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}
