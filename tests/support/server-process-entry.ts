import { startServer } from '#server/create-server'
import { parseEnv } from '#server/env'

// The entry of startServerProcess: a server on the given DATA_DIR that reports its port.
// The built web app's folder, named by startServerProcess: compiled into dist/test-server,
// the server's own default (next to its module) would point beside dist/web.
const server = await startServer(parseEnv(process.env), {
  webRoot: process.env.TEST_WEB_ROOT,
})
console.log(`listening on ${server.port}`)
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0))
})
