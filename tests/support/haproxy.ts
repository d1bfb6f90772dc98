import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createHaproxyConfig } from '../../scripts/haproxy-config.mjs'
import { findFreePort } from './free-port.ts'

type Process = { name: string; url: string }
const toAddresses = (processes: Process[]) =>
  processes.map(({ name, url }) => ({ name, address: new URL(url).host }))

/**
 * Debian's HAProxy on a free loopback port, in front of the server processes given
 * (name and base URL), with the configuration `npm run start:cluster` uses
 * (deploy/haproxy.template.cfg). Resolves once every process passes its health check.
 * `machines` (the first the home machine): each organisation goes to its machine by the
 * placements map, an empty file in HAProxy's directory at start (`mapFile`).
 */
export async function startHaproxy(
  processes: Process[],
  options: { machines?: { name: string; processes: Process[] }[] } = {},
) {
  const port = await findFreePort()
  const directory = mkdtempSync(path.join(tmpdir(), 'centraal-haproxy-'))
  const statsSocket = path.join(directory, 'stats.sock')
  const configFile = path.join(directory, 'haproxy.cfg')
  const mapFile = path.join(directory, 'placements.map')
  writeFileSync(mapFile, '')
  writeFileSync(
    configFile,
    createHaproxyConfig({
      bind: `127.0.0.1:${port}`,
      statsSocket,
      processes: toAddresses(processes),
      machines: options.machines?.map(({ name, processes: own }) => ({
        name,
        processes: toAddresses(own),
      })),
      mapFile,
    }),
  )
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const started = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`haproxy could not start (apt-get install haproxy): ${error}`)),
    )
    child.once('exit', (code) => reject(new Error(`haproxy exited with ${code}: ${errors}`)))
  })

  /**
   * HAProxy's counters per process: UP or DOWN, requests sent to it so far, times its
   * health checks took it down, connections retried and requests sent on to another.
   */
  const readServers = async (backend = 'centraal_processes') => {
    const csv = await new Promise<string>((resolve, reject) => {
      const socket = createConnection(statsSocket)
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
      socket.end('show stat\n')
    })
    const [header = '', ...rows] = csv.replace(/^# /, '').trim().split('\n')
    const columns = header.split(',')
    const servers = new Map<
      string,
      { status: string; requests: number; downs: number; retries: number; redispatches: number }
    >()
    for (const row of rows) {
      const field = (name: string) => row.split(',')[columns.indexOf(name)] ?? ''
      if (field('pxname') !== backend) continue
      if (['BACKEND', 'FRONTEND'].includes(field('svname'))) continue
      servers.set(field('svname'), {
        status: field('status'),
        requests: Number(field('stot')),
        downs: Number(field('chkdown')),
        retries: Number(field('wretr')),
        redispatches: Number(field('wredis')),
      })
    }
    return servers
  }

  const everyoneUp = async () => {
    try {
      const servers = await readServers()
      return processes.every(({ name }) => servers.get(name)?.status === 'UP')
    } catch {
      return false
    }
  }
  const allUp = (async () => {
    const start = Date.now()
    while (!(await everyoneUp())) {
      if (Date.now() - start > 15_000) throw new Error(`haproxy: not every process UP: ${errors}`)
      // The interval between two looks at the stats socket: the loop waits for every UP.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  await Promise.race([started, allUp])
  return {
    url: `http://127.0.0.1:${port}`,
    statsSocket,
    mapFile,
    readServers,
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(directory, { recursive: true, force: true })
          resolve()
        }
        if (child.exitCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}
