import { mkdtempSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let shared: Promise<TestServer> | undefined

/**
 * This worker's server, which its browser files share: started by the first file that asks,
 * on a data directory the run removes afterwards, and never closed by a file. A file keeps
 * apart from the others by its own organisation (signInNewOrganisation). A file that needs
 * other settings, its own clock, or stops or restarts the server starts one of its own.
 */
export function useSharedServer(): Promise<TestServer> {
  shared ??= startTestServer(
    {},
    { dataDir: mkdtempSync(path.join(inject('sharedDataRoot'), 'server-')) },
  )
  return shared
}
