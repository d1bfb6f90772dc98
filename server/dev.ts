import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { startServer } from './create-server.ts'
import { loadEnv } from './env.ts'

// npm run dev: the API on PORT + 1 and Vite's dev server on PORT, proxying /api to it.
const env = loadEnv()
const api = await startServer({ ...env, PORT: env.PORT + 1, NODE_ENV: 'development' })
const vite = await createServer({
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  server: {
    port: env.PORT,
    host: env.HOST,
    proxy: { '/api': { target: `http://127.0.0.1:${api.port}`, changeOrigin: false } },
  },
})
await vite.listen()
vite.printUrls()
