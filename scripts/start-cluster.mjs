// npm run start:cluster: several Centraal processes on one machine, as README's "Several
// processes" describes: a Redis (Debian's redis-server) they share, PROCESSES server
// processes (default 2) on the ports after PORT, each with its NODE_ID, and HAProxy on
// PORT in front (deploy/haproxy.template.cfg). Ctrl-C stops them all; a process that dies
// is started again after a second, while HAProxy sends its organisations to the others.
// MACHINES=2 (or more): that many "machines" a, b, …, each PROCESSES processes with a data
// directory of its own (DATA_DIR/machine-<name>) for the organisation files, one system file
// (DATA_DIR/system) and one Redis; HAProxy routes each organisation to its machine by the
// placements map (README, Two machines), which `npm run organisation:move` changes.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHaproxyConfig } from './haproxy-config.mjs'
import {
  createRedisConfig,
  createRedisPassword,
  formatRedisUrl,
  REDIS_USER,
} from './redis-config.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const count = Number(process.env.PROCESSES ?? 2)
const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
const runDir = path.join(dataDir, 'cluster')
const redisPort = Number(process.env.REDIS_PORT ?? 6379)
// The Redis started here has a password of its own, new at every start, that only these
// processes are given (README, Several processes: what someone in Redis could do).
const redisUser = { name: REDIS_USER, password: createRedisPassword() }
const redisUrl = process.env.REDIS_URL ?? formatRedisUrl({ port: redisPort, user: redisUser })
const machineCount = Number(process.env.MACHINES ?? 1)
if (!Number.isInteger(count) || count < 1) throw new Error('PROCESSES: a whole number, 1 or more')
if (!Number.isInteger(machineCount) || machineCount < 1 || machineCount > 26) {
  throw new Error('MACHINES: a whole number, 1 to 26')
}
mkdirSync(runDir, { recursive: true })

/** A machine's own data directory (its organisation files) when there are several. */
function machineDir(name) {
  const own = path.join(dataDir, `machine-${name}`)
  mkdirSync(path.join(dataDir, 'system'), { recursive: true })
  mkdirSync(own, { recursive: true })
  return own
}

const children = new Set()
let isStopping = false
const stop = () => {
  isStopping = true
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

/**
 * Starts a program, says when it ends; `untilLine` resolves once its output shows it.
 * `input`: written to its standard input (Redis's configuration, password included).
 */
function run(name, command, args, { env, untilLine, restart = false, input }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } })
    child.stdin.end(input)
    children.add(child)
    let isReady = !untilLine
    if (isReady) resolve()
    const watch = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(`[${name}] ${chunk}`)
        if (!isReady && untilLine.test(chunk.toString())) {
          isReady = true
          resolve()
        }
      })
    watch(child.stdout, process.stdout)
    watch(child.stderr, process.stderr)
    child.on('error', (error) => reject(new Error(`${name}: ${error.message}`)))
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (isStopping) return
      console.error(`[${name}] ended (${signal ?? code})`)
      if (!isReady) return reject(new Error(`${name} did not start`))
      if (!restart) return stop()
      setTimeout(() => {
        run(name, command, args, { env, untilLine, restart, input }).catch((error) => {
          console.error(error.message)
          stop()
        })
      }, 1000)
    })
  })
}

/** Redis, then the processes one by one, then HAProxy; anything that fails to start stops all. */
async function startAll() {
  // Redis holds only what passes between processes (changes, throttle counts): nothing on disk.
  if (!process.env.REDIS_URL) {
    await run('redis', 'redis-server', ['-'], {
      input: createRedisConfig({ port: redisPort, user: redisUser }),
      untilLine: /Ready to accept connections/,
    })
  }

  const machines = Array.from({ length: machineCount }, (_, index) => {
    const name = String.fromCharCode(97 + index)
    const own = Array.from({ length: count }, (_, number) => ({
      name: machineCount > 1 ? `${name}-${number + 1}` : `node-${number + 1}`,
      address: `127.0.0.1:${port + 1 + index * count + number}`,
    }))
    return { name, processes: own, dataDir: machineCount > 1 ? machineDir(name) : dataDir }
  })
  for (const machine of machines) {
    for (const { name, address } of machine.processes) {
      // One after the other: the first applies the migrations, the others find them done.
      await run(name, process.execPath, ['scripts/start.mjs'], {
        env: {
          PORT: address.split(':')[1],
          HOST: '127.0.0.1',
          DATA_DIR: machine.dataDir,
          PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
          REDIS_URL: redisUrl,
          NODE_ID: name,
          TRUST_PROXY: 'true',
          ...(machineCount > 1 && {
            SYSTEM_DIR: path.join(dataDir, 'system'),
            MACHINE: machine.name,
            HOME_MACHINE: 'a',
          }),
        },
        untilLine: /Centraal is running at/,
        restart: true,
      })
    }
  }

  const configFile = path.join(runDir, 'haproxy.cfg')
  const statsSocket = path.join(runDir, 'haproxy.sock')
  const mapFile = path.join(runDir, 'placements.map')
  // The map is kept by `npm run organisation:move`: a restart reads the placements it wrote.
  if (machineCount > 1 && !existsSync(mapFile)) writeFileSync(mapFile, '')
  writeFileSync(
    configFile,
    createHaproxyConfig({
      bind: `${host}:${port}`,
      statsSocket,
      processes: machines[0].processes,
      ...(machineCount > 1 && { machines, mapFile }),
    }),
  )
  if (machineCount > 1) {
    const known = Object.fromEntries(
      machines.map(({ name, dataDir: own }) => [name, { dataDir: own }]),
    )
    const machinesFile = { home: 'a', machines: known, haproxy: { socket: statsSocket, mapFile } }
    writeFileSync(path.join(runDir, 'machines.json'), JSON.stringify(machinesFile, null, 2))
  }
  await run('haproxy', 'haproxy', ['-db', '-f', configFile], { untilLine: undefined })
  console.log(
    `Centraal: ${machineCount} machine(s) of ${count} processes behind HAProxy at http://${host}:${port}`,
  )
}

try {
  await startAll()
} catch (error) {
  console.error(error.message)
  process.exitCode = 1
  stop()
}
