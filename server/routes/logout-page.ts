import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

// The page GET /api/logout answers: a link can open it from anywhere, so it only asks; the
// logout itself is the form's POST, which the same-origin check guards like every write.
// It wears the web app's stylesheet (named in the built index.html) and its classes, as the
// sign-in card does (web/public/auth-layout.tsx); without a build it is plain HTML.

const STYLESHEET = /<link rel="stylesheet"[^>]*>/g
const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring h-10 px-4 text-sm w-full'
const PRIMARY = 'bg-primary text-primary-foreground hover:bg-primary/90'
const OUTLINE =
  'border border-input bg-card text-foreground hover:bg-accent hover:text-accent-foreground'
// The Centraal mark, as web/components/brand-mark.tsx draws it.
const BRAND_MARK =
  '<svg viewBox="0 0 512 512" aria-hidden="true" class="size-7 shrink-0"><rect width="512" height="512" rx="112" fill="#4f46e5"/><circle cx="256" cy="256" r="56" fill="#fff"/><path d="M256 200V120M256 312v80M200 256h-80M312 256h80" fill="none" stroke="#fff" stroke-width="28" stroke-linecap="round"/><g fill="#c7d2fe"><circle cx="256" cy="104" r="32"/><circle cx="256" cy="408" r="32"/><circle cx="104" cy="256" r="32"/><circle cx="408" cy="256" r="32"/></g></svg>'

/** The confirmation page's HTML; reads the stylesheet links of `webRoot`'s index.html once. */
export function createLogoutPage(webRoot: string) {
  let page: string | undefined
  return () => {
    page ??= renderLogoutPage(readStylesheets(path.join(webRoot, 'index.html')))
    return page
  }
}

function readStylesheets(indexFile: string) {
  if (!existsSync(indexFile)) return ''
  return (readFileSync(indexFile, 'utf8').match(STYLESHEET) ?? []).join('\n    ')
}

function renderLogoutPage(stylesheets: string) {
  return `<!doctype html>
<html lang="nl" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#0b1120" />
    <meta name="color-scheme" content="dark light" />
    <meta name="robots" content="noindex" />
    <link rel="icon" type="image/svg+xml" href="/icon.svg" />
    <title>Uitloggen - Centraal</title>
    <script src="/theme.js"></script>
    ${stylesheets}
  </head>
  <body>
    <div class="flex min-h-dvh flex-col">
      <header class="flex items-center justify-between px-4 py-3 sm:px-6">
        <a href="/" class="flex items-center gap-2 rounded-md font-semibold text-lg">${BRAND_MARK}Centraal</a>
      </header>
      <main class="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <section class="rounded-xl border bg-card text-card-foreground shadow-sm w-full max-w-md p-6 sm:p-8">
          <div class="mb-6 grid gap-1.5 text-center">
            <h1 class="font-semibold text-2xl tracking-tight">Wil je uitloggen?</h1>
            <p class="text-muted-foreground text-sm">Je wordt in deze browser uitgelogd bij Centraal en bij Gold Estates.</p>
          </div>
          <form method="post" action="/api/logout" class="grid gap-3">
            <button type="submit" class="${BUTTON} ${PRIMARY}">Uitloggen</button>
            <a href="/" class="${BUTTON} ${OUTLINE}">Annuleren</a>
          </form>
        </section>
      </main>
    </div>
  </body>
</html>
`
}
