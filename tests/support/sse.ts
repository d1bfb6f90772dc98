import { vi } from 'vitest'

/** Reads a text/event-stream and collects its `data:` messages as parsed JSON. */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal })
  const messages: unknown[] = []
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const reading = (async () => {
    try {
      while (reader) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n')
          if (data && !block.includes('event: heartbeat')) messages.push(JSON.parse(data))
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted
    }
  })()
  return {
    status: response.status,
    messages,
    /** Settles when the stream ends: closed here, or by the server or a proxy. */
    ended: reading,
    async close() {
      controller.abort()
      await reading
    },
  }
}

/** Waits until the predicate holds or the time is up (for asynchronous deliveries). */
export async function waitFor(predicate: () => boolean, timeoutMs = 3000) {
  await vi.waitFor(
    () => {
      if (!predicate()) throw new Error('condition not met in time')
    },
    { timeout: timeoutMs, interval: 20 },
  )
}
