import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { SyncHub } from '#server/replication/sync-hub'
import { createApp } from './app.ts'
import type { AppDeps } from './app-deps.ts'
import { createOidcSignIn } from './auth/create-oidc-sign-in.ts'
import { type CreateExpiringTokens, createMemoryTokens } from './auth/expiring-tokens.ts'
import { OrganisationChoices } from './auth/organisation-choices.ts'
import { getSecretBox } from './auth/secret-box.ts'
import { createThrottles } from './auth/throttles.ts'
import { createRedisBackupScheduleRelay } from './cluster/redis-backup-schedule-relay.ts'
import { createRedisChangeRelay } from './cluster/redis-change-relay.ts'
import { createRedisTokens } from './cluster/redis-expiring-tokens.ts'
import { createRedisJobGate } from './cluster/redis-job-gate.ts'
import { readReplicationSeq } from './db/next-seq.ts'
import { getMachinePlacement, OrganisationCache } from './db/organisation-cache.ts'
import { openSystemDb } from './db/system-db.ts'
import type { Env } from './env.ts'
import { createHeavyWorkPool } from './heavy-work/heavy-work-pool.ts'
import { HeavyWorkQueue } from './heavy-work/heavy-work-queue.ts'
import { createRedisHeavySlot } from './heavy-work/redis-heavy-slot.ts'
import { startLeadDelivery } from './jobs/deliver-leads.ts'
import { startMailDelivery } from './jobs/deliver-mail.ts'
import { LOCAL_JOB_GATE } from './jobs/job-gate.ts'
import { startMonthlyStatements } from './jobs/monthly-statements.ts'
import { startOffsiteCopies } from './jobs/offsite-copies.ts'
import { startKeptRecordPruning } from './jobs/prune-kept-records.ts'
import { startReviewDigests } from './jobs/review-digests.ts'
import { createScheduledBackups } from './jobs/scheduled-backups.ts'
import { createLogger } from './logger.ts'
import { readOrganisationEpoch } from './services/organisation-epoch/organisation-epoch.ts'
import { ensureDefaultOrganisation } from './services/platform-organisations/ensure-default-organisation.ts'
import { readCrmKey } from './services/sales/crm-key.ts'
import { openSystemDirectory } from './system-directory/open-system-directory.ts'

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url))

/**
 * Opens the data, composes the app and listens; used by npm start, dev and the tests.
 * `heavyWorkerFile`: the heavy-work worker's entry (the tests start the compiled one).
 */
export async function startServer(
  env: Env,
  options: { webRoot?: string; heavyWorkerFile?: URL } = {},
) {
  const log = createLogger(env.LOG_LEVEL)
  const systemDb = openSystemDb(env.SYSTEM_DIR)
  const directory = await openSystemDirectory({ databaseUrl: env.DATABASE_URL, systemDb })
  const box = getSecretBox(env)
  // A CRM key an older version stored in clear is sealed as soon as its file is opened.
  const organisations = new OrganisationCache(
    env.DATA_DIR,
    directory,
    env.ORGANISATION_CACHE_SIZE,
    (db, organisationId) => void readCrmKey(db, box, organisationId),
    getMachinePlacement(env),
  )
  await organisations.learnOrganisations()
  await ensureDefaultOrganisation({ directory, organisations })
  await directory.deleteExpiredSessions(Date.now())
  const heavyWorkPool = createHeavyWorkPool(env, options.heavyWorkerFile)
  // Loaded only when processes share a Redis: one process does not carry its client.
  const redis = env.REDIS_URL
    ? (await import('./cluster/redis-connection.ts')).connectRedis(env.REDIS_URL, log)
    : undefined
  // Requests answered before Redis is reached would count and wait in this process alone;
  // a Redis that is away delays the start by at most five seconds.
  await redis?.waitUntilReady(5000)
  // A step begun on one process (an SSO sign-in, a Drive connection, an organisation
  // choice) can end on another only when its value waits in the Redis they share.
  const createExpiringTokens: CreateExpiringTokens = redis
    ? (kind) => createRedisTokens(redis.commands, kind, log)
    : createMemoryTokens
  // With a shared Redis, each scheduled run and each heavy job takes a lock there first,
  // so that it runs in one process of the machine.
  const jobs = redis ? createRedisJobGate(redis.commands, log) : LOCAL_JOB_GATE
  const nodeId = env.NODE_ID ?? `${hostname()}-${process.pid}`
  const machineSlot =
    redis &&
    createRedisHeavySlot(redis.commands, { ttlMs: env.HEAVY_WORK_SLOT_TTL_SECONDS * 1000, log })
  const deps: AppDeps = {
    env,
    systemDb,
    directory,
    organisations,
    throttles: createThrottles(redis?.commands),
    createExpiringTokens,
    organisationChoices: new OrganisationChoices(createExpiringTokens),
    oidc: await createOidcSignIn(env, {
      systemDb,
      directory,
      organisations,
      log,
      createExpiringTokens,
    }),
    log,
    syncHub: new SyncHub({
      readSeq: (organisationId) => readReplicationSeq(organisations.get(organisationId)),
      readEpoch: (organisationId) => readOrganisationEpoch(directory, organisationId),
      onError: (error) => log.error('telling the event streams of a change failed', { error }),
      isServedHere: (organisationId) => organisations.holds(organisationId),
      relay:
        redis &&
        createRedisChangeRelay(redis, {
          nodeId,
          onError: (error) => log.error('relaying a change through redis failed', { error }),
        }),
    }),
    heavyWork: new HeavyWorkQueue(env.HEAVY_WORK_MAX_WAITING, machineSlot),
    heavyWorkPool,
    scheduledBackups: createScheduledBackups({
      env,
      systemDb,
      organisations,
      log,
      heavyWorkPool,
      jobs,
      // A change of backup settings through one process reschedules the others at once.
      relay:
        redis &&
        createRedisBackupScheduleRelay(redis, {
          nodeId,
          onError: (error) =>
            log.error('relaying a backup schedule through redis failed', { error }),
        }),
    }),
  }
  const app = createApp(deps, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT })
  const stopLeadDelivery = startLeadDelivery({ ...deps, jobs })
  const stopMailDelivery = startMailDelivery({ ...deps, jobs })
  deps.scheduledBackups.start()
  const stopPruning = startKeptRecordPruning({ ...deps, jobs })
  const monthlyStatements = startMonthlyStatements({ ...deps, jobs })
  const stopReviewDigests = startReviewDigests({ ...deps, jobs })
  const offsiteCopies = startOffsiteCopies({ env, directory, log, heavyWorkPool, jobs })
  const sessionSweep = setInterval(
    () =>
      directory
        .deleteExpiredSessions(Date.now())
        .catch((error) => log.error('removing expired sessions failed', { error })),
    60 * 60 * 1000,
  )
  sessionSweep.unref()

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () =>
      resolve(listening),
    )
  })
  const { port } = server.address() as AddressInfo
  return {
    port,
    deps,
    /** The monthly statement mails' job (its next run; an occurrence run on demand). */
    monthlyStatements,
    async close() {
      clearInterval(sessionSweep)
      stopPruning()
      monthlyStatements.stop()
      stopReviewDigests()
      await stopLeadDelivery()
      await stopMailDelivery()
      await deps.scheduledBackups.stop()
      await offsiteCopies?.stop()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // Open event streams and keep-alive sockets would hold close() forever.
      if ('closeAllConnections' in server) server.closeAllConnections()
      await closed
      await heavyWorkPool.close()
      await redis?.close()
      organisations.closeAll()
      await directory.close()
      systemDb.$client.close()
    },
  }
}
