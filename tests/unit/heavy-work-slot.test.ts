import { afterEach, describe, expect, test, vi } from 'vitest'
import { AppError } from '#server/http/app-error'
import { DOWNLOAD_IDLE_MS, DOWNLOAD_MAX_MS, HeavyWorkSlot } from '#server/http/heavy-work'

// The process's one heavy-work slot: a second job hears 429 with Retry-After, and a
// download gives the slot back once it is read, cancelled, or its reader stalls.

const isFree = (slot: HeavyWorkSlot) => {
  try {
    slot.requireFree()
    return true
  } catch {
    return false
  }
}

/** A download body of `pieces` pieces of a kilobyte. */
const body = (pieces: number) => {
  let left = pieces
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- > 0) controller.enqueue(new Uint8Array(1024))
      else controller.close()
    },
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the heavy-work slot', () => {
  test('a second job hears 429 with Retry-After 15 and a Dutch message; after the first, it runs', async () => {
    const slot = new HeavyWorkSlot()
    let finishFirst = () => {}
    const first = slot.run(() => new Promise<void>((resolve) => (finishFirst = resolve)))
    const refusal = await slot.run(async () => 'second').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).status).toBe(429)
    expect((refusal as AppError).details.retryAfterSeconds).toBe(15)
    expect((refusal as AppError).message).toMatch(/^De server is bezig met een ander groot bestand/)
    finishFirst()
    await first
    expect(await slot.run(async () => 'second')).toBe('second')
  })

  test('a job that fails gives the slot back', async () => {
    const slot = new HeavyWorkSlot()
    await expect(slot.run(() => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot')
    expect(isFree(slot)).toBe(true)
  })

  test('a download keeps the slot until its body is read to the end', async () => {
    const slot = new HeavyWorkSlot()
    const download = await slot.runDownload(async () => ({ body: body(3) }))
    expect(isFree(slot)).toBe(false)
    const bytes = await new Response(download.body).arrayBuffer()
    expect(bytes.byteLength).toBe(3 * 1024)
    expect(isFree(slot)).toBe(true)
  })

  test('a cancelled download gives the slot back', async () => {
    const slot = new HeavyWorkSlot()
    const download = await slot.runDownload(async () => ({ body: body(3) }))
    await download.body.cancel()
    expect(isFree(slot)).toBe(true)
  })

  test(`a reader that stops reading for ${DOWNLOAD_IDLE_MS / 1000} s loses the download and the slot`, async () => {
    vi.useFakeTimers()
    const slot = new HeavyWorkSlot()
    const download = await slot.runDownload(async () => ({ body: body(100) }))
    const reader = download.body.getReader()
    await reader.read()
    await vi.advanceTimersByTimeAsync(DOWNLOAD_IDLE_MS - 1000)
    expect(isFree(slot)).toBe(false)
    await vi.advanceTimersByTimeAsync(2000)
    expect(isFree(slot)).toBe(true)
    await expect(reader.read()).rejects.toThrow()
  })

  test(`no download holds the slot longer than ${DOWNLOAD_MAX_MS / 60_000} minutes`, async () => {
    vi.useFakeTimers()
    const slot = new HeavyWorkSlot()
    const download = await slot.runDownload(async () => ({ body: body(1_000_000) }))
    const reader = download.body.getReader()
    // Read steadily, a piece every 20 s: never idle, but too long in all.
    for (let elapsed = 0; elapsed < DOWNLOAD_MAX_MS - 20_000; elapsed += 20_000) {
      await reader.read()
      await vi.advanceTimersByTimeAsync(20_000)
    }
    expect(isFree(slot)).toBe(false)
    await vi.advanceTimersByTimeAsync(40_000)
    expect(isFree(slot)).toBe(true)
  })
})
