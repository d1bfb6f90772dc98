import { Observable } from 'rxjs'

/**
 * `compute`'s answer now and again after changes: one computation at a time, however
 * often things change meanwhile, and always one more after the last change, so the last
 * answer is never older than the data. (A switchMap would drop an answer on every change
 * and, with changes coming faster than an answer, never give one.)
 */
export function recomputeOnChange<T>(
  changes: Observable<unknown>,
  compute: () => Promise<T>,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    let isRunning = false
    let isStale = true
    const run = async () => {
      if (isRunning) return
      isRunning = true
      try {
        while (isStale && !subscriber.closed) {
          isStale = false
          const answer = await compute()
          if (!subscriber.closed) subscriber.next(answer)
        }
      } catch (error) {
        subscriber.error(error)
      } finally {
        isRunning = false
      }
    }
    const subscription = changes.subscribe(() => {
      isStale = true
      void run()
    })
    void run()
    return () => subscription.unsubscribe()
  })
}
