// The landing page a signed-out visitor opens at / comes as HTML built ahead (decision
// 014): it shows and works (links, buttons) before any of the app's code has run, and
// web/static/landing.js loads that code once someone acts on the page. This module is
// the app's side of it.

/** At the latest then the app replaces the landing page, whatever it shows. */
const REVEAL_AT_THE_LATEST_MS = 3000

/** The landing page's outermost element (LandingPage marks it). */
const LANDING_PAGE = '[data-page="landing"]'

let pending: { page: HTMLElement; app: HTMLElement } | undefined

/**
 * Where React renders: `root` itself, or, when it holds the landing page built ahead, a
 * hidden element beside it that takes its place once the app shows its first screen
 * (revealApp), so the page never flashes the loading state in between.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  if (document.documentElement.dataset.prerendered !== 'landing') return root
  const app = document.createElement('div')
  app.hidden = true
  root.after(app)
  pending = { page: root, app }
  setTimeout(revealApp, REVEAL_AT_THE_LATEST_MS)
  return app
}

/** Puts the app's screen in the place of the landing page built ahead (once). */
export function revealApp(): void {
  if (!pending) return
  const { page, app } = pending
  pending = undefined
  // The same markup: what had the focus in the page built ahead (someone tabbing through
  // it) is at the same place in the app's landing page.
  const landingOf = (root: Element) => root.querySelector(LANDING_PAGE)
  const builtAhead = landingOf(page)
  const focused = builtAhead ? pathTo(builtAhead, document.activeElement) : undefined
  page.remove()
  app.id = 'root'
  app.hidden = false
  delete document.documentElement.dataset.prerendered
  const landing = landingOf(app)
  if (focused && landing) (follow(landing, focused) as HTMLElement | null)?.focus()
}

/** The child positions from `ancestor` down to `element`; undefined when not inside it. */
function pathTo(ancestor: Element, element: Element | null): number[] | undefined {
  const path: number[] = []
  for (let node = element; node && node !== ancestor; node = node.parentElement) {
    if (!node.parentElement) return undefined
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node))
  }
  return element && element !== ancestor ? path : undefined
}

function follow(ancestor: Element, path: number[]): Element | null {
  let node: Element | null = ancestor
  for (const index of path) node = node?.children[index] ?? null
  return node
}

/** What a press on the landing page built ahead asked for before the app ran (once). */
export function takeLandingIntent(): 'login' | 'theme' | undefined {
  const { dataset } = document.documentElement
  const intent = dataset.intent
  delete dataset.intent
  return intent === 'login' || intent === 'theme' ? intent : undefined
}
