import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>\n/
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g
/** index.html's comments, which speak of its loading screen. */
const COMMENT = /\s*<!--[\s\S]*?-->/g
/** index.html's text for a browser without JavaScript, in place of the whole page. */
const NOSCRIPT = /\s*<noscript><p [^>]*>([^<]*)<\/p><\/noscript>/

/**
 * Writes dist/web/landing.html, the page a signed-out visitor opens at / (decision 014):
 * the built index.html with the landing page already rendered into it, and instead of the
 * app's code web/static/landing.js, which loads that code once someone acts on the page.
 * Runs after the web app's build, which it reads; the page is rendered by Vite with the web
 * app's own configuration (the server never imports the web app).
 */
export async function writeLandingPage(webRoot: string) {
  const landingHtml = await renderWithVite('/public/landing/prerender.tsx')
  const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8')
  const entry = ENTRY_SCRIPT.exec(index)?.[1]
  if (!entry || !ROOT_ELEMENT.test(index)) {
    throw new Error(
      'index.html has no #root element or entry script to build the landing page from',
    )
  }
  // index.html's comments go before the landing page goes in: React's own (between two
  // pieces of text) keep the text apart.
  // Without JavaScript the page reads, and a line above it says what does not work.
  const noScript = NOSCRIPT.exec(index)?.[1] ?? ''
  const landing = index
    .replace(COMMENT, '')
    .replace(NOSCRIPT, '')
    .replace('<html ', '<html data-prerendered="landing" ')
    .replace(
      ROOT_ELEMENT,
      () =>
        `<noscript><p class="p-4 text-center text-muted-foreground">${noScript}</p></noscript>\n` +
        `    <div id="root">${landingHtml}</div>\n`,
    )
    .replace(ENTRY_SCRIPT, `<script src="/landing.js" data-entry="${entry}" defer></script>`)
    .replace(MODULE_PRELOAD, '')
  writeFileSync(path.join(webRoot, 'landing.html'), landing)
}

/** The HTML of a web module's `prerenderLandingPage`, loaded through a Vite dev server. */
async function renderWithVite(module: string): Promise<string> {
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  })
  try {
    const { prerenderLandingPage } = (await vite.ssrLoadModule(module)) as {
      prerenderLandingPage: () => string
    }
    return prerenderLandingPage()
  } finally {
    await vite.close()
  }
}
