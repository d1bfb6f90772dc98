import type { EventSourceLike } from '#sync/client/sync-stream'

const CONNECTING = 0
const OPEN = 1
const CLOSED = 2

/**
 * An EventSource over a given fetch, for the product's stream outside a browser (a test
 * device with its own cookies and network). Unlike a browser's, it does not reconnect by
 * itself: a failed or dropped connection is CLOSED, and the product's stream reopens it.
 * `onHandled` hears each message's data once the product's handler took it.
 */
export function createFetchEventSource(
  url: string,
  send: typeof fetch,
  onHandled?: (data: string) => void,
) {
  const controller = new AbortController()
  const listeners = new Map<string, Set<() => void>>()
  const source = {
    readyState: CONNECTING as number,
    onmessage: null as ((event: MessageEvent<string>) => void) | null,
    onerror: null as ((event: Event) => void) | null,
    addEventListener(type: string, listener: () => void) {
      const set = listeners.get(type) ?? new Set()
      set.add(listener)
      listeners.set(type, set)
    },
    close() {
      source.readyState = CLOSED
      controller.abort()
    },
    /** The network went away under it. */
    drop() {
      if (source.readyState === CLOSED) return
      source.close()
      source.onerror?.(new Event('error'))
    },
  }
  const dispatch = (block: string) => {
    let type = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) type = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
    }
    if (data.length === 0) return
    const event = new MessageEvent('message', { data: data.join('\n') })
    if (type === 'message') {
      source.onmessage?.(event)
      onHandled?.(event.data)
    }
    for (const listener of listeners.get(type) ?? []) listener()
  }
  void (async () => {
    try {
      const response = await send(url, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      })
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`)
      source.readyState = OPEN
      const decoder = new TextDecoder()
      let buffer = ''
      const reader = response.body.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        if (source.readyState === CLOSED) break
        buffer += decoder.decode(read.value, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          dispatch(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
      }
      throw new Error('stream ended')
    } catch {
      source.drop()
    }
  })()
  return source satisfies EventSourceLike
}
