import { vi } from 'vitest'

/**
 * Retries a check until it holds (returns, or stops throwing), for what arrives
 * asynchronously in a browser test: vi.waitFor with room for a loaded machine.
 */
export function eventually<T>(check: () => T | Promise<T>, timeout = 20_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 100 })
}
