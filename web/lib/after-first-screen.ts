// Work a page needs but its first screen does not (the service worker's registration, and on
// a new device its precache) waits until that screen is drawn and the browser is idle, so it
// never takes the main thread or the network from it (decision 041).

/** At the latest this long after the page began, in case no screen ever says it is drawn. */
const AT_THE_LATEST_MS = 5000
/** How long the browser may stay busy after the first screen before the work starts anyway. */
const IDLE_AT_THE_LATEST_MS = 2000

let markDrawn: () => void = () => undefined
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve
  setTimeout(resolve, AT_THE_LATEST_MS)
})

/** The app's first commit is on screen (App's first effect). */
export function markFirstScreenDrawn(): void {
  markDrawn()
}

/** Resolves in an idle moment after the first screen was drawn. */
export function afterFirstScreen(): Promise<void> {
  return drawn.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') {
          requestIdleCallback(() => resolve(), { timeout: IDLE_AT_THE_LATEST_MS })
        } else {
          setTimeout(resolve)
        }
      }),
  )
}
