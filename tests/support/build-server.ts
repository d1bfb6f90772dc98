import path from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import serverConfig from '../../vite.server.config.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The compiled server of this run (dist/test-server), where server processes, the
     * heavy-work worker threads and the setup-token command start from; absent in
     * projects that do not build it.
     */
    serverBuild?: string
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..')

const OUT_DIR = path.join(ROOT, 'dist/test-server')

/** One build a run, whichever project's setup asks first (both run in vitest's process). */
const shared = globalThis as { centraalServerBuild?: Promise<unknown> }

// Both projects' setup: the server compiled as `npm run build` compiles it, from the
// source of this run. A process or worker thread started from TypeScript spent 2 to 4 s of
// processor time in tsx loading some 600 modules (a server process, a first heavy job),
// which dozens of them a run added up; the compiled one loads in a fraction of a second.
// The browser files' servers run in their test workers, and their heavy jobs (backups,
// imports, restores) in worker threads started from here.
export default async function setup(project: TestProject) {
  shared.centraalServerBuild ??= buildServer()
  await shared.centraalServerBuild
  project.provide('serverBuild', OUT_DIR)
}

function buildServer() {
  return build({
    ...serverConfig,
    configFile: false,
    logLevel: 'warn',
    build: {
      ...serverConfig.build,
      outDir: OUT_DIR,
      emptyOutDir: true,
      rollupOptions: {
        ...serverConfig.build?.rollupOptions,
        input: {
          'server-process': path.join(ROOT, 'tests/support/server-process-entry.ts'),
          // Beside the entry, where the compiled heavy-work-pool.ts looks for it.
          'heavy-worker': path.join(ROOT, 'server/heavy-work/heavy-worker.ts'),
          // npm run setup-token's command, for the tests that need its link, not npm.
          'setup-token': path.join(ROOT, 'server/cli/setup-token.ts'),
          // npm run copy:restore's command, likewise.
          'restore-copy': path.join(ROOT, 'server/cli/restore-copy.ts'),
        },
      },
    },
  })
}
