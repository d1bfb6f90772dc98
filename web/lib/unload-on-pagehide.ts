// Stands in for the `unload` package (RxDB's leader election, through broadcast-channel,
// uses it to hand leadership over when a tab goes away). That package listens to the
// `unload` event, which browsers deprecate and which keeps a page out of the back/forward
// cache; `pagehide` fires in the same moments and in those too. Same API.

const listeners = new Set<() => unknown>()
let isListening = false

function listen() {
  if (isListening || typeof window === 'undefined') return
  isListening = true
  window.addEventListener('pagehide', () => void runAll(), true)
}

export function add(fn: () => unknown) {
  if (typeof fn !== 'function') throw new Error('Listener is no function')
  listen()
  listeners.add(fn)
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn)
      return fn()
    },
  }
}

export function runAll() {
  const runs = [...listeners].map((fn) => {
    listeners.delete(fn)
    return fn()
  })
  return Promise.all(runs)
}
