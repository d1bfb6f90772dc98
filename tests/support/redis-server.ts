import { spawn } from 'node:child_process'
import { createRedisConfig, formatRedisUrl } from '../../scripts/redis-config.mjs'
import { findFreePort } from './free-port.ts'

/**
 * A Redis of Debian's redis-server on a free loopback port (or `port`: one started again
 * where the processes look for it), in memory only (no snapshot, no append-only file), for
 * the tests of several server processes; with `user`, only that user with its password may
 * sign in (scripts/redis-config.mjs, as `npm run start:cluster` starts it). Resolves once it
 * accepts connections.
 */
export async function startRedisServer(
  port?: number,
  options: { user?: { name: string; password: string } } = {},
) {
  port ??= await findFreePort()
  // The configuration on standard input, as start:cluster gives it: no password in `ps`.
  const child = spawn('redis-server', ['-'], { stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin.end(createRedisConfig({ port, user: options.user }))
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error}`)),
    )
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)))
  })
  return {
    url: formatRedisUrl({ port, user: options.user }),
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
