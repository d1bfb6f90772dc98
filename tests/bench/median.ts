/** Records durations of a repeated action and reports their median. */
export function createTimer() {
  const durations: number[] = []
  return {
    async time<T>(action: () => T | Promise<T>) {
      const start = performance.now()
      const result = await action()
      durations.push(performance.now() - start)
      return result
    },
    get median() {
      return median(durations)
    },
    get count() {
      return durations.length
    },
  }
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
