import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createLoadOrganisationsIn, type LoadAccounts } from '../support/load-organisations.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'
import { startServerProcess } from '../support/server-process.ts'
import type { Command, LoadFigures, Reply } from './load/messages.ts'

// An off-machine copy of an organisation of 50,000 sales to S3 (a local stand-in), copied
// again and again (S3_COPY_INTERVAL_SECONDS=1) while the other organisations register 20
// sales a second with devices syncing (the sync-load bench's generator): how long a copy
// takes, from its start to the upload's end, and the others' write p99 meanwhile. The
// server runs in a process of its own, from source. Figures beside targets, not asserted.

const ARCHIVE_SALES = 50_000
const BUCKET = 'bench-copies'
const PREFIX = 'bench/'
const RATE = 20

let dataDir: string
let standIn: Awaited<ReturnType<typeof startS3StandIn>>
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined
let generator: ChildProcess | undefined
let accounts: LoadAccounts
const lines: string[] = []
let nextId = 0
const waiting = new Map<number, (reply: Reply) => void>()

async function ask<Type extends Reply['type']>(command: Command, type: Type) {
  const id = nextId++
  const reply = await new Promise<Reply>((resolve) => {
    waiting.set(id, resolve)
    generator?.send({ id, command })
  })
  waiting.delete(id)
  if (reply.type !== type) throw new Error(`${command.type}: ${JSON.stringify(reply)}`)
  return reply as Extract<Reply, { type: Type }>
}

const madeAtOf = (key: string) =>
  Date.parse(path.basename(key, '.sqlite').replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'))

/** Seconds from each archive copy's start (its key) to its upload's end, begun after `since`. */
function archiveCopySeconds(since: number) {
  return standIn.state.requests
    .filter(
      (request) =>
        request.method === 'PUT' &&
        request.key.startsWith(`${PREFIX}archive/`) &&
        request.endedAt !== undefined &&
        madeAtOf(request.key) >= since,
    )
    .map((request) => ((request.endedAt as number) - madeAtOf(request.key)) / 1000)
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-bench-'))
  accounts = await createLoadOrganisationsIn(dataDir, {
    organisationCount: 5,
    devicesEach: 4,
    idleEach: 0,
    archiveSales: ARCHIVE_SALES,
    backupFile: path.join(dataDir, 'archive-backup.json'),
  })
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: 'bench-key' })
  server = await startServerProcess(dataDir, {
    settings: {
      S3_COPY_BUCKET: BUCKET,
      S3_COPY_ENDPOINT: standIn.url,
      S3_COPY_FORCE_PATH_STYLE: 'true',
      S3_COPY_PREFIX: PREFIX,
      S3_COPY_INTERVAL_SECONDS: '1',
      S3_COPY_KEEP: '2',
      AWS_ACCESS_KEY_ID: 'bench-key',
      AWS_SECRET_ACCESS_KEY: 'bench-secret',
    },
  })
  generator = fork(path.join(import.meta.dirname, 'load/generator.ts'), {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  generator.on('message', (message: { id?: number; reply?: Reply }) => {
    if (message.id !== undefined && message.reply) waiting.get(message.id)?.(message.reply)
  })
  await new Promise<void>((resolve) => {
    generator?.once('message', () => resolve())
    generator?.send({ type: 'start', url: server?.url, organisations: accounts.organisations })
  })
}, 900_000)

afterAll(async () => {
  generator?.kill('SIGKILL')
  await server?.close()
  await standIn?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  console.log(
    `\noff-machine copies (${ARCHIVE_SALES.toLocaleString('en')} sales):\n${lines.join('\n')}\n`,
  )
})

const describeSeconds = (seconds: number[]) => {
  const sorted = [...seconds].sort((a, b) => a - b)
  return `${sorted.length} copies, median ${(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(2)} s, slowest ${(sorted.at(-1) ?? Number.NaN).toFixed(2)} s`
}

describe('off-machine copies', () => {
  bench(
    `a copy of ${ARCHIVE_SALES} sales beside ${RATE} writes/s`,
    async () => {
      const ids = accounts.organisations.map((organisation) => organisation.id)
      await ask({ type: 'open', group: 'devices', devices: accounts.devices }, 'opened')
      await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
      const started = Date.now()
      const { figures } = await ask(
        {
          type: 'run',
          group: 'devices',
          rate: RATE,
          warmupSeconds: 3,
          seconds: 20,
          organisationIds: ids,
        },
        'figures',
      )
      const copies = archiveCopySeconds(started)
      const sizeMb =
        (standIn
          .keys(`${PREFIX}archive/`)
          .map((key) => standIn.state.objects.get(key)?.body.length ?? 0)[0] ?? 0) /
        1024 /
        1024
      const slowest = Math.max(...copies)
      // Each archive copy over the whole bench: snapshot (key's time to the PUT's arrival)
      // and upload (the PUT's arrival to its answer), seconds.
      const phases = standIn.state.requests
        .filter(
          (request) => request.method === 'PUT' && request.key.startsWith(`${PREFIX}archive/`),
        )
        .map(
          (request) =>
            `${((request.startedAt - madeAtOf(request.key)) / 1000).toFixed(2)} + ${(((request.endedAt ?? Number.NaN) - request.startedAt) / 1000).toFixed(2)}`,
        )
      const run: LoadFigures = figures
      lines.push(
        `  copy of the ${sizeMb.toFixed(0)} MB file, start to uploaded: ${describeSeconds(copies)} ` +
          `(target ≤ 5 s: slowest at ${(slowest / 5).toFixed(2)}× the target)`,
        `  the other organisations meanwhile at ${RATE} writes/s (got ${run.achievedRate.toFixed(1)}): ` +
          `write p50 / p99 ${run.writeP50.toFixed(0)} / ${run.writeP99.toFixed(0)} ms ` +
          `(target p99 ≤ 100 ms: ${(run.writeP99 / 100).toFixed(2)}× the target), ` +
          `change p99 ${run.changeP99.toFixed(0)} ms (target ≤ 500: ${(run.changeP99 / 500).toFixed(2)}×), ` +
          `errors ${run.errors}, missed ${run.missed}`,
        `  every archive copy since the server started, snapshot + upload in s: ${phases.join(', ')}; ` +
          `${standIn.state.requests.length} S3 requests in all`,
      )
      await ask({ type: 'close', group: 'devices' }, 'closed')
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
