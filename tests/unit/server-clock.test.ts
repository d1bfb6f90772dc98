import { expect, test } from 'vitest'
import { getServerNow, noteServerDate, onServerClockChange } from '#sync/client/server-clock'

// The server's clock as a device learns it from the Date header of an answer.

const DAY_MS = 24 * 60 * 60 * 1000
const answerAt = (serverAt: number) =>
  new Response(null, { headers: { date: new Date(serverAt).toUTCString() } })

test("after an answer, now is the server's now, within the header's second; an answer without a date changes nothing", () => {
  let changes = 0
  const stop = onServerClockChange(() => changes++)
  const serverAt = Date.now() - 3 * DAY_MS
  noteServerDate(answerAt(serverAt))
  expect(Math.abs(getServerNow() - serverAt)).toBeLessThan(2_000)
  expect(changes).toBe(1)
  // The same clock again (a second later): no change to tell.
  noteServerDate(answerAt(serverAt + 1_000), Date.now() + 1_000)
  expect(changes).toBe(1)
  noteServerDate(new Response(null))
  expect(Math.abs(getServerNow() - serverAt)).toBeLessThan(2_000)
  // The device's clock was put right: the offset follows.
  noteServerDate(answerAt(Date.now()))
  expect(Math.abs(getServerNow() - Date.now())).toBeLessThan(2_000)
  expect(changes).toBe(2)
  stop()
})
