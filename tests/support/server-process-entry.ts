import { startServer } from '#server/create-server'
import { parseEnv } from '#server/env'

// The entry of startServerProcess: a server on the given DATA_DIR that reports its port.
const server = await startServer(parseEnv(process.env))
console.log(`listening on ${server.port}`)
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0))
})
