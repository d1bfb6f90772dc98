import { spawn } from 'node:child_process'
import { findFreePort } from './free-port.ts'

/**
 * A Redis of Debian's redis-server on a free loopback port (or `port`: one started again
 * where the processes look for it), in memory only (no snapshot, no append-only file), for
 * the tests of several server processes. Resolves once it accepts connections.
 */
export async function startRedisServer(port?: number) {
  port ??= await findFreePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
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
    url: `redis://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
