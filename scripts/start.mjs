// npm start: the compiled server (dist/server.js) under plain node. Built first when it is
// missing (a fresh clone); `npm run build` builds it again after a change. Plain
// JavaScript, so that starting needs no TypeScript runner.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const server = fileURLToPath(new URL('../dist/server.js', import.meta.url))
if (!existsSync(server)) {
  console.log('Building Centraal (first start)…')
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
await import(server)
