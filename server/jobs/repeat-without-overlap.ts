/**
 * Runs `tick` every `intervalMs`, never two rounds at once (a slow round makes the next one
 * wait), without keeping the process alive. Returns a stop that waits for the round under
 * way, so that no write of it hits a file closed after the stop.
 */
export function repeatWithoutOverlap(
  intervalMs: number,
  tick: () => Promise<void>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = tick()
      .catch(onError)
      .finally(() => {
        running = null
      })
  }, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
