import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startServer } from './create-server.ts'
import { loadEnv } from './env.ts'

// npm start: build the web app when it is missing, then serve web and API in one process.
const env = loadEnv()
const built = ['index.html', 'service-worker.js'].map((file) =>
  fileURLToPath(new URL(`../dist/web/${file}`, import.meta.url)),
)
if (!built.every((file) => existsSync(file))) {
  console.log('Building the web app (first start)…')
  const { buildWebApp } = await import('./build-web-app.ts')
  await buildWebApp()
}
const server = await startServer(env)
const shownHost = env.HOST === '0.0.0.0' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST
console.log(`Centraal is running at http://${shownHost}:${server.port}`)
console.log(`Data directory: ${env.DATA_DIR}`)
if (env.HOST === '0.0.0.0')
  console.log(
    `Listening on all interfaces: reach it from a phone at http://<this computer's address>:${server.port}`,
  )

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close()
    process.exit(0)
  })
}
