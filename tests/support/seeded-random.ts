/** A repeatable source of chance for one seed (mulberry32), with the draws tests need. */
export type SeededRandom = ReturnType<typeof createSeededRandom>

/** A seed from CONVERGENCE_SEED when set (to replay a failure), else a fresh one. */
export function chooseSeed(fromEnvironment = process.env.CONVERGENCE_SEED): number {
  if (fromEnvironment) return Number(fromEnvironment) >>> 0
  return Math.floor(Math.random() * 2 ** 32) >>> 0
}

/** mulberry32: 32 bits of state, good enough to spread test schedules. */
export function createSeededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    /** An integer from min to max, both included. */
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T | undefined {
      return items[Math.floor(next() * items.length)]
    },
    /** A key drawn in proportion to its weight. */
    weighted<K extends string>(weights: Partial<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][]
      let left = next() * entries.reduce((sum, [, weight]) => sum + weight, 0)
      for (const [key, weight] of entries) {
        left -= weight
        if (left < 0) return key
      }
      return entries.at(-1)![0]
    },
    /** A new generator for a part of the run (one device), from this one's next draw. */
    fork: () => createSeededRandom(Math.floor(next() * 2 ** 32)),
  }
}
