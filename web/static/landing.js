// The landing page a signed-out visitor opens at / comes as HTML built ahead (decision
// 014; server/write-landing-page.ts): it paints with the stylesheet alone, and the app's
// code loads once someone acts on the page, so nothing holds up a phone's first screen.
// A press on a call to action (data-intent) is remembered on <html> and carried out by
// the app once it runs (web/lib/prerendered-landing.ts). A file, not an inline script:
// the Content-Security-Policy allows no inline script.
;(() => {
  const entry = document.currentScript?.dataset.entry
  if (!entry) return
  let isLoading = false
  const load = () => {
    if (isLoading) return
    isLoading = true
    import(entry).catch((error) => console.error('Centraal could not load', error))
  }
  const root = document.documentElement
  document.addEventListener('click', (event) => {
    // Once the app has taken the page's place (no data-prerendered), it handles its presses.
    if (root.dataset.prerendered !== 'landing') return
    const target = event.target instanceof Element ? event.target.closest('[data-intent]') : null
    if (!target) return
    root.dataset.intent = target.getAttribute('data-intent') ?? ''
    load()
  })
  // Hovering, touching, typing: the code starts loading before the press itself.
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin']) {
    document.addEventListener(type, load, { once: true, passive: true })
  }
  window.addEventListener('load', () => {
    // Fetched (not run) meanwhile, and the service worker precaches the whole app as
    // on every other page, so that the next visit opens offline.
    const preload = document.createElement('link')
    preload.rel = 'modulepreload'
    preload.href = entry
    document.head.append(preload)
    navigator.serviceWorker?.register('/service-worker.js').catch((error) => {
      console.error('Service worker registration failed', error)
    })
  })
})()
