import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { createLoadOrganisationsIn, type LoadAccounts } from '../support/load-organisations.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startLoadGenerator } from './load/generator-client.ts'
import { fixed, mark } from './load/load-report.ts'

// Copy rounds over many organisations, only the files that changed going to S3 (a local
// stand-in): 1,000 organisations, 20 of them registering sales with devices syncing (the
// sync-load generator), rounds every ROUND_SECONDS (shorter than the default 60, so a
// run sees several). Printed: a round's length, files copied and bytes uploaded, idle and
// under writes, and the writing organisations' write p99 while rounds run. The server in
// a process of its own; its rounds are read from its info log.

const ORGANISATIONS = 1000
const WRITING = 20
const RATE = 20
const ROUND_SECONDS = 5
const RUN_SECONDS = 30
const BUCKET = 'bench-copies'

type Round = { files: number; copied: number; bytes: number; ms: number }

let dataDir: string
let standIn: Awaited<ReturnType<typeof startS3StandIn>>
let accounts: LoadAccounts
let setupSeconds = 0
const lines: string[] = []

beforeAll(async () => {
  const started = performance.now()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-bench-'))
  accounts = await createLoadOrganisationsIn(
    dataDir,
    {
      organisationCount: WRITING,
      devicesEach: 4,
      idleEach: 0,
    },
    async (setup) => {
      // The idle ones: registered, each with its file made (migrated), nothing written since.
      for (let number = 1; number <= ORGANISATIONS - WRITING; number++) {
        const id = `idle-${number}`
        await createOrganisation(setup.deps, { id, name: `Stil ${number}`, slug: id })
      }
    },
  )
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: 'bench-key' })
  setupSeconds = (performance.now() - started) / 1000
}, 1_800_000)

afterAll(async () => {
  await standIn?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  console.log(
    `\noff-machine copy rounds (${ORGANISATIONS} organisations, ${WRITING} writing, a round every ${ROUND_SECONDS} s):\n${lines.join('\n')}\n  setup ${fixed(setupSeconds, 0)} s\n`,
  )
})

const formatRound = (round: Round) =>
  `${fixed(round.ms / 1000, 2)} s, ${round.copied} of ${round.files} files copied, ${fixed(round.bytes / 1024 / 1024, 1)} MB`

describe('off-machine copy rounds', () => {
  bench(
    `${ORGANISATIONS} organisations, ${WRITING} writing ${RATE} sales/s`,
    async () => {
      const server = await startServerProcess(dataDir, {
        settings: {
          S3_COPY_BUCKET: BUCKET,
          S3_COPY_ENDPOINT: standIn.url,
          S3_COPY_FORCE_PATH_STYLE: 'true',
          S3_COPY_INTERVAL_SECONDS: String(ROUND_SECONDS),
          AWS_ACCESS_KEY_ID: 'bench-key',
          AWS_SECRET_ACCESS_KEY: 'bench-secret',
          LOG_LEVEL: 'info',
        },
      })
      const rounds = () =>
        server
          .linesWith('copy round done')
          .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Round)
      const waitForRounds = async (count: number) => {
        while (rounds().length < count) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const generator = await startLoadGenerator(server.url, accounts.organisations)
      try {
        // The first round copies every file (a process knows no marks yet), then idle ones.
        await waitForRounds(1)
        const [first] = rounds()
        await waitForRounds(3)
        const idle = rounds().slice(1, 3)
        lines.push(
          `  first round at start (every file): ${formatRound(first!)}`,
          `  rounds with nothing written: ${idle.map(formatRound).join('; ')}`,
        )
        const { ask } = generator
        await ask({ type: 'open', group: 'devices', devices: accounts.devices }, 'opened')
        await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
        const before = rounds().length
        const { figures } = await ask(
          {
            type: 'run',
            group: 'devices',
            rate: RATE,
            warmupSeconds: 2,
            seconds: RUN_SECONDS,
            organisationIds: accounts.organisations.map(({ id }) => id),
          },
          'figures',
        )
        const during = rounds().slice(before)
        const longest = Math.max(...during.map((round) => round.ms))
        lines.push(
          `  rounds while ${WRITING} organisations wrote: ${during.map(formatRound).join('; ')}`,
          `  longest round under writes ${fixed(longest / 1000, 2)} s (with the default interval of 60 s a lost machine loses at most 60 s + this)`,
          `  the writing organisations meanwhile at ${RATE} writes/s (got ${fixed(figures.achievedRate, 1)}): ` +
            `write p50 / p99 ${fixed(figures.writeP50, 0)} / ${fixed(figures.writeP99, 0)} ms ` +
            `(target p99 ≤ 100 ms: ${mark(figures.writeP99 <= 100)}), change p99 ${fixed(figures.changeP99, 0)} ms, ` +
            `errors ${figures.errors}, missed ${figures.missed}`,
        )
        await ask({ type: 'close', group: 'devices' }, 'closed')
      } finally {
        await generator.close()
        await server.close()
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
