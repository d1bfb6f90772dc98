import { Cron } from 'croner'
import { type BackupRunResult, parseDailyCron } from '#schema/backup-settings'
import type { SystemDb } from '../db/system-db.ts'
import { backupFailed } from '../services/admin-notifications/administrator-alerts.ts'
import { notifyAdministrators } from '../services/admin-notifications/notify-administrators.ts'
import {
  findBackupSettings,
  isDriveConnected,
} from '../services/drive-backups/find-backup-settings.ts'
import { type DriveBackupDeps, runDriveBackup } from '../services/drive-backups/run-drive-backup.ts'
import type { JobGate } from './job-gate.ts'

/**
 * Tells the other server processes that an organisation's backup settings changed, and
 * hears of theirs (several processes share REDIS_URL).
 */
export type BackupScheduleRelay = {
  publish(organisationId: string): void
  /** onSubscribed: each time the subscription takes hold, as changes may have gone unheard. */
  subscribe(listener: {
    onChange: (organisationId: string) => void
    onSubscribed: () => void
  }): () => void
}

type Deps = DriveBackupDeps & { systemDb: SystemDb; jobs: JobGate; relay?: BackupScheduleRelay }

const MINUTE_MS = 60_000

/** The per-organisation automatic Drive backups; see createScheduledBackups. */
export type ScheduledBackups = ReturnType<typeof createScheduledBackups>

/**
 * One croner job per organisation whose automatic backup is on and whose Drive is connected.
 * Schedules are read in the server's local time zone (TZ): that is the organisations' time
 * zone, so '0 2 * * *' runs at 02:00 where the server is. Settings changes call
 * `reschedule`; a job also checks the settings again when it fires, because a restore can
 * replace them without telling anyone. One run per organisation at a time: a manual run
 * during a scheduled one gets that run's outcome. Several processes each schedule every
 * organisation and fire together: the one that claims the occurrence (JobGate) runs it.
 * While Redis cannot be asked each runs it: a second backup in Drive is an extra file, a
 * missed one is a day without a backup. A change of settings in one process reaches the
 * others' schedules through the relay; when its subscription takes hold again (Redis was
 * away) every organisation's settings are read again.
 */
export function createScheduledBackups(deps: Deps) {
  const jobs = new Map<string, Cron>()
  const running = new Map<string, Promise<BackupRunResult>>()
  const stopping = new AbortController()

  function run(organisationId: string, retryBaseMs = deps.env.BACKUP_RETRY_BASE_MS) {
    const current = running.get(organisationId)
    if (current) return current
    const started = runDriveBackup(deps, organisationId, {
      retryBaseMs,
      signal: stopping.signal,
    }).finally(() => running.delete(organisationId))
    running.set(organisationId, started)
    return started
  }

  /** The administrators hear of a failed automatic backup (a manual one shows on screen). */
  async function notifyOfFailure(organisationId: string, result: BackupRunResult) {
    const alert = backupFailed(organisationId, {
      at: result.at,
      error: result.error ?? 'Onbekende fout',
    })
    await notifyAdministrators(deps, organisationId, alert).catch((error) =>
      deps.log.error('backup failure alert not queued', { organisationId, error }),
    )
  }

  function wantedSchedule(organisationId: string): string | null {
    const row = findBackupSettings(deps.organisations.get(organisationId), organisationId)
    const isOn = row.autoBackupEnabled && isDriveConnected(row)
    return isOn && parseDailyCron(row.backupSchedule) ? row.backupSchedule : null
  }

  /**
   * The croner pattern of a daily schedule: itself, or under TEST_BACKUP_SCHEDULE=seconds
   * its minute as the second of every minute of its hour ('30 14 * * *': 14:mm:30). Still
   * one occurrence a minute, so a process firing a moment late claims the same one.
   */
  function patternOf(schedule: string) {
    const time = parseDailyCron(schedule)
    if (deps.env.TEST_BACKUP_SCHEDULE !== 'seconds' || !time) return schedule
    return `${time.minute} * ${time.hour} * * *`
  }

  function reschedule(organisationId: string) {
    // An organisation moved to another machine is scheduled there (followHeld).
    const isHere = !stopping.signal.aborted && deps.organisations.holds(organisationId)
    const schedule = isHere ? wantedSchedule(organisationId) : null
    // An unchanged schedule keeps its job: one made anew in the moment it fires would wait
    // for the next day, and the settings are read again at times no one chose.
    const job = jobs.get(organisationId)
    if (schedule && job?.getPattern() === patternOf(schedule)) return
    if (job && !isHere && !stopping.signal.aborted) {
      deps.log.info('automatic backup left to the machine that holds the organisation', {
        organisationId,
      })
    }
    job?.stop()
    jobs.delete(organisationId)
    if (!schedule) return
    const pattern = patternOf(schedule)
    const next = new Cron(
      pattern,
      {
        name: `drive-backup:${organisationId}`,
        mode: pattern === schedule ? '5-part' : '6-part',
        unref: true,
        protect: true,
        catch: (error) => deps.log.error('scheduled backup failed', { organisationId, error }),
      },
      async () => {
        if (
          !deps.organisations.holds(organisationId) ||
          wantedSchedule(organisationId) !== schedule
        ) {
          return reschedule(organisationId)
        }
        // Schedules name whole minutes; a process firing a moment late claims the same one.
        const occurrence = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS
        if (!(await deps.jobs.claimOccurrence('drive-backup', organisationId, occurrence, 'run'))) {
          deps.log.info('scheduled backup runs in another process', { organisationId, occurrence })
          return
        }
        deps.log.info('scheduled backup runs here', { organisationId, occurrence })
        const result = await run(organisationId)
        if (result.status === 'failed') await notifyOfFailure(organisationId, result)
      },
    )
    jobs.set(organisationId, next)
  }

  /** Schedules the organisation from its stored settings; a failure is logged, not thrown. */
  function follow(organisationId: string) {
    try {
      reschedule(organisationId)
    } catch (error) {
      deps.log.error('backup schedule not started', { organisationId, error })
    }
  }

  /** The organisations this machine held at the last look: every one with one machine. */
  let held = new Set<string>()

  async function followAll() {
    held = new Set(await deps.organisations.heldIds())
    for (const id of held) follow(id)
  }

  /**
   * Follows the organisations that came to this machine since the last look (moved here,
   * or created) and lets go of those that left it: a move is made by an operator's command
   * that tells no process (decision 048). Only the changes are read: a look opens the
   * files of the organisations that came, none of those that stayed.
   */
  async function followHeld() {
    const now = new Set(await deps.organisations.heldIds())
    for (const id of held) if (!now.has(id)) follow(id)
    for (const id of now) if (!held.has(id)) follow(id)
    held = now
  }

  let stopRelay: (() => void) | undefined
  let heldCheck: NodeJS.Timeout | undefined

  return {
    /** Schedules every organisation's automatic backup (at server start). */
    start() {
      // The organisations are read from the system directory (asynchronous): a failure is
      // logged, and the next look (heldCheck) schedules what came since.
      const look = (match: () => Promise<void>) =>
        void match().catch((error) =>
          deps.log.error('backup schedules not matched to the organisations here', { error }),
        )
      look(followAll)
      stopRelay = deps.relay?.subscribe({ onChange: follow, onSubscribed: () => look(followAll) })
      heldCheck = setInterval(() => look(followHeld), deps.env.BACKUP_HELD_CHECK_SECONDS * 1000)
      heldCheck.unref()
    },
    /**
     * After a change of the organisation's backup settings: schedules it anew, here and
     * (through the relay) in the other processes.
     */
    reschedule(organisationId: string) {
      reschedule(organisationId)
      deps.relay?.publish(organisationId)
    },
    /** Runs a backup now (or joins the one under way); retryBaseMs defaults to the env's. */
    run,
    /** When the organisation's automatic backup fires next; null when none is scheduled. */
    nextRunAt(organisationId: string): Date | null {
      return jobs.get(organisationId)?.nextRun() ?? null
    },
    /** Stops every job and waits for runs under way; a waiting retry is cut short. */
    async stop() {
      stopping.abort()
      clearInterval(heldCheck)
      stopRelay?.()
      for (const job of jobs.values()) job.stop()
      jobs.clear()
      await Promise.allSettled(running.values())
    },
  }
}
