import { Subject } from 'rxjs'
import { expect, test } from 'vitest'
import { recomputeOnChange } from '#sync/client/recompute-on-change'

/** A computation the test answers by hand, counting how many run at once. */
function manualComputation() {
  const pending: { answer: (value: number) => void; answered: Promise<number> }[] = []
  let running = 0
  let mostAtOnce = 0
  return {
    compute: () => {
      let answer: (value: number) => void = () => undefined
      const answered = new Promise<number>((resolve) => {
        answer = (value) => {
          running--
          resolve(value)
        }
      })
      running++
      mostAtOnce = Math.max(mostAtOnce, running)
      pending.push({ answer, answered })
      return answered
    },
    /**
     * Answers the oldest computation and resolves once recomputeOnChange has taken the
     * answer: it awaited the same promise first, so its step runs before this one's.
     */
    answer: async (value: number) => {
      const computation = pending.shift()
      computation?.answer(value)
      await computation?.answered
    },
    get started() {
      return pending.length
    },
    get mostAtOnce() {
      return mostAtOnce
    },
  }
}

/** A manual computation recomputed on `changes`, its answers collected as they come. */
function watchedComputation() {
  const changes = new Subject<void>()
  const computation = manualComputation()
  const answers: number[] = []
  const subscription = recomputeOnChange(changes, computation.compute).subscribe((value) =>
    answers.push(value),
  )
  return { changes, computation, answers, subscription }
}

test('computes at once, then once more after any number of changes meanwhile, one at a time', async () => {
  const { changes, computation, answers, subscription } = watchedComputation()
  expect(computation.started).toBe(1)
  changes.next()
  changes.next()
  changes.next()
  await computation.answer(1)
  // Three changes while it ran: one more computation, not three.
  expect(answers).toEqual([1])
  expect(computation.started).toBe(1)
  await computation.answer(2)
  expect(answers).toEqual([1, 2])
  expect(computation.started).toBe(0)
  changes.next()
  await computation.answer(3)
  expect(answers).toEqual([1, 2, 3])
  expect(computation.mostAtOnce).toBe(1)
  subscription.unsubscribe()
})

test('gives nothing after the subscriber left, and reports a failed computation', async () => {
  const { changes, computation, answers, subscription } = watchedComputation()
  subscription.unsubscribe()
  await computation.answer(1)
  expect(answers).toEqual([])
  expect(changes.observed).toBe(false)

  const failing = recomputeOnChange(changes, () => Promise.reject(new Error('worker gone')))
  const error = await new Promise((resolve) => failing.subscribe({ error: resolve }))
  expect(String(error)).toContain('worker gone')
})
