/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { describeBuild } from './server/describe-build.ts'
import { LongFilesFirst } from './tests/support/long-files-first.ts'
import { findPostgresBin } from './tests/support/postgres-server.ts'

/**
 * The modules the page's entry imports statically, directly or not: they load with the
 * first page, signed out too, and stay out of the `shared` chunks below, which would
 * otherwise bring screens' code along with them (decision 024). Beside them, what each
 * signed-in area's routes import statically (its start: the layout and the dashboard),
 * which loads with the area's first screen.
 */
const initialModules = new Set<string>()
const areaStarts = { central: new Set<string>(), sales: new Set<string>() }
const AREA_ROUTES = { central: '/web/app/signed-in-routes.tsx', sales: '/web/app/sales-routes.tsx' }
const collectInitialModules: Plugin = {
  name: 'collect-initial-modules',
  apply: 'build',
  buildStart() {
    initialModules.clear()
    for (const start of Object.values(areaStarts)) start.clear()
  },
  buildEnd() {
    const visit = (id: string, found: Set<string>) => {
      if (found.has(id) || initialModules.has(id)) return
      found.add(id)
      for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next, found)
    }
    for (const id of this.getModuleIds()) {
      if (this.getModuleInfo(id)?.isEntry) visit(id, initialModules)
    }
    for (const [area, routes] of Object.entries(AREA_ROUTES) as [
      keyof typeof areaStarts,
      string,
    ][]) {
      const id = [...this.getModuleIds()].find((each) => each.endsWith(routes))
      if (!id) continue
      visit(id, areaStarts[area])
      // The routes module stays its own chunk, the one app.tsx imports (and the server
      // names: signed-in-preloads.ts); rolldown's facade for a grouped dynamic entry
      // named an init function its group's chunk did not export.
      areaStarts[area].delete(id)
    }
  },
}

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const POSTGRES_PROJECT: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'server-postgres',
    include: [
      'tests/api/auth.test.ts',
      'tests/api/switch-organisation.test.ts',
      'tests/api/sign-in-per-organisation.test.ts',
      'tests/api/account-end.test.ts',
      'tests/api/organisations.test.ts',
      'tests/api/stream-attacks.test.ts',
      // Two machines sharing one PostgreSQL: an organisation moved under load.
      'tests/api/moving-an-organisation.test.ts',
    ],
    globalSetup: ['tests/support/build-server.ts', 'tests/support/postgres-setup.ts'],
    // Beside the server project's files, in its group (vitest wants one count per group).
    maxWorkers: 4,
    env: { TEST_PASSWORD_HASHING: 'fast' },
    isolate: false,
    sequence: { groupOrder: 0 },
  },
}

/**
 * The sign-in, session and organisation files again, with the system directory on
 * PostgreSQL (decision 047): one throwaway cluster, a database per test server. Left out,
 * saying so, where PostgreSQL is not installed (`.ci/run` installs it).
 */
function postgresProject() {
  if (findPostgresBin()) return [POSTGRES_PROJECT]
  if (process.env.VITEST) {
    console.warn(
      'server-postgres: PostgreSQL is not installed (apt-get install postgresql): left out',
    )
  }
  return []
}

export default defineConfig({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/static'),
  plugins: [react(), tailwindcss(), collectInitialModules],
  // The running build's version and day (Instellingen → Systeem; the server's GET /api/health).
  define: { __CENTRAAL_BUILD__: JSON.stringify(describeBuild()) },
  resolve: {
    alias: [
      { find: /^#schema\/(.*)$/, replacement: `${fromRoot('./schema')}/$1.ts` },
      { find: /^#sync\/(.*)$/, replacement: `${fromRoot('./sync')}/$1.ts` },
      // RxDB's leader election hands over on `pagehide`, not the deprecated `unload`.
      { find: /^unload$/, replacement: fromRoot('./web/lib/unload-on-pagehide.ts') },
    ],
  },
  // The database worker (sync/client/worker/database-worker.ts) is a module worker.
  worker: { format: 'es' },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // On disk for profiling and reading stack traces; the scripts do not name them, and the
    // server does not serve them (server/routes/web.ts).
    sourcemap: 'hidden',
    // Read by the server to name the signed-in areas' modules in the page (signed-in-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Code that lazily loaded screens share in a few chunks rather than in dozens of
        // tiny ones (an icon, a helper, some 100 bytes each): 104 files to precache became
        // 60, and a new device's service-worker install costs about a second less of
        // processor time (decision 024). The icons are one chunk. Other modules shared by
        // the same screens stay together (entriesAware), each area's apart from what both
        // areas use, and sets under 30 kB join their nearest neighbour, so a screen may
        // load a little code it does not run; what the first page loads stays out
        // (initialModules). Merged chunks can import each other both ways: strict
        // execution order keeps each module's evaluation where its imports put it.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            // What the page's entry imports is one chunk: a dozen files of a few hundred
            // bytes each cost a request apiece at every start (decision 041).
            {
              name: 'web',
              test: (id: string) => initialModules.has(id),
              includeDependenciesRecursively: false,
              priority: 6,
            },
            // An area's start is one chunk (what both starts share, another): a screen
            // opened later finds it loaded, and the start loads no screen's code with it.
            {
              name: 'start',
              test: (id: string) => areaStarts.central.has(id) && areaStarts.sales.has(id),
              includeDependenciesRecursively: false,
              priority: 5,
            },
            ...(['central', 'sales'] as const).map((area) => ({
              name: `${area}-start`,
              test: (id: string) => areaStarts[area].has(id),
              includeDependenciesRecursively: false,
              priority: 4,
            })),
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // Each area's own screens share among themselves: merged with what both areas
            // use, an area's modules would make the other area load its code (Centraal's
            // dashboard asked for the Gold Estates routes: offline-chunks.test.ts).
            ...(['central', 'sales'] as const).map((area) => {
              const folder = new RegExp(`[\\\\/]web[\\\\/]${area}[\\\\/]`)
              return {
                name: `${area}-shared`,
                test: (id: string) => folder.test(id) && !initialModules.has(id),
                includeDependenciesRecursively: false,
                priority: 2,
                minShareCount: 2,
                entriesAware: true,
                entriesAwareMergeThreshold: 30_000,
              }
            }),
            {
              name: 'shared',
              test: (id: string) => !initialModules.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 30_000,
            },
          ],
        },
        // A merged chunk is named after its group and every screen that shares it; its
        // group and the hash are enough.
        chunkFileNames: (chunk) =>
          chunk.name.includes('~')
            ? `assets/${chunk.name.split('~')[0]}-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    root: fromRoot('.'),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
    sequence: { sequencer: LongFilesFirst },
    // Unit and API files run four at a time first (`npm run test:quick` runs only these);
    // then the browser files, two at a time: much of a browser test is waiting (for a sync,
    // a service worker, a stream), which the other worker's file fills. Benchmarks run in
    // the browser project (`npm run bench`, one file at a time), after the web build.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // Compiles the server, where server processes and heavy-work threads start from.
          globalSetup: ['tests/support/build-server.ts'],
          // Four at a time on two cores: a third of these files' time is waiting (for a
          // scheduled run, a copy interval, a server process to start or be killed, a
          // device's retry), which the other files fill. `test:quick` took
          // 116 s with two (36 % of the processor idle), 99 s with three, 88–91 s with four
          // (the processor busy 90 %).
          maxWorkers: 4,
          // Passwords hashed at argon2id's lowest cost: these files hash and check about
          // 1,400 of them, some 60 s of processor time at the product's cost. Test servers
          // and the server processes they start take it (server/env.ts);
          // tests/api/auth.test.ts keeps the product's parameters and checks them.
          env: { TEST_PASSWORD_HASHING: 'fast' },
          // A worker's files share the modules it loaded: every API file imports the whole
          // server, and importing it again per file took about 40 of 113 seconds. Each file
          // starts its own server on its own data directory; the few that stub globals,
          // timers or streams restore them in afterEach/afterAll.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      ...postgresProject(),
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/build-server.ts', 'tests/support/global-setup.ts'],
          // A failed test prints what its open pages showed (CI shows no screen), and is
          // run once more: a test that passes then is reported as retried, not hidden
          // (decision 046).
          setupFiles: ['tests/e2e/describe-pages-on-failure.ts'],
          retry: 1,
          // A screen's condition can take seconds to come true while the other worker's
          // file loads the machine (the local database opening after the first screen);
          // vitest's default of one second made first-screen fail on CI.
          expect: { poll: { timeout: 10_000 } },
          // A scenario is many screens awaited one after another on two CPUs shared with
          // another browser file: in CI's full run several took 25–28 s of the default 30.
          // Each step keeps its own wait (Playwright's timeouts), so a stuck step still fails
          // on its own, naming the step.
          testTimeout: 60_000,
          // The server project's cheap password hashes: each sign-in runs three argon2id
          // checks, and a run signs in hundreds of times (decision 023). No benchmark of
          // this project measures a sign-in.
          env: { TEST_PASSWORD_HASHING: 'fast' },
          maxWorkers: 2,
          // As in the server project: a worker's files share the modules they loaded and
          // the worker's server (tests/e2e/shared-server.ts); all share the global setup's
          // Chromium.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
