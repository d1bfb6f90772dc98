import { rmSync } from 'node:fs'
import path from 'node:path'
import { startTestServer } from './test-server.ts'
import { writeWebRoot } from './web-root.ts'

/** A test server serving a web root written as writeWebRoot writes one. */
export async function startServerWithWebRoot() {
  const webRoot = writeWebRoot()
  const server = await startTestServer({}, { webRoot })
  return {
    ...server,
    /** Stops the server, removing its data and the web root. */
    async close() {
      await server.close()
      rmSync(path.dirname(webRoot), { recursive: true, force: true })
    },
  }
}
