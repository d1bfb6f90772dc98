import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Each project's longest files, longest first: a long file started last ends the run
 * alone. The server project's (about 29–31, 21–26, 23–24 s, then 20 to 7 s in a full run,
 * by what runs beside them; of the others only invitation-mail takes up to 10 s, and it is
 * large enough to start early without the cache), then the browser project's (about 56 to
 * 32 s in a full run; then 28 s or less). Projects run one after the other, so the two
 * lists never compete.
 */
const LONGEST_FILES = [
  'tests/api/convergence.test.ts',
  'tests/api/offsite-copies.test.ts',
  'tests/api/sales-notifications.test.ts',
  'tests/api/bounded-uploads.test.ts',
  'tests/api/lost-machine.test.ts',
  'tests/api/several-processes-jobs.test.ts',
  'tests/api/several-processes-mail.test.ts',
  'tests/api/replication-recovery.test.ts',
  'tests/api/deal-attacks.test.ts',
  'tests/api/moving-an-organisation.test.ts',
  'tests/api/heavy-work-budgets.test.ts',
  'tests/api/password-reset-mail.test.ts',
  'tests/api/backup-failed-mail.test.ts',
  'tests/api/redis-password.test.ts',
  'tests/api/heavy-work-queue.test.ts',
  'tests/api/webhook.test.ts',
  'tests/e2e/sync-state-screens.test.ts',
  'tests/e2e/auth-flow.test.ts',
  'tests/e2e/offline-queue.test.ts',
  'tests/e2e/content-security-policy.test.ts',
  'tests/e2e/offline-sync.test.ts',
  'tests/e2e/offline-edges.test.ts',
  'tests/e2e/deal-life.test.ts',
  'tests/e2e/sales-access.test.ts',
  'tests/e2e/shared-device.test.ts',
  'tests/e2e/sync-refusals.test.ts',
]

/**
 * Vitest's order (the last run's durations, longest first, from its cache), with the
 * longest files always first: without a cache (a fresh checkout, or one a run of other
 * files rewrote) vitest starts the largest files first, and the convergence run, the
 * longest, is one of the smallest.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((name) => file.moduleId.endsWith(name))
      return index === -1 ? LONGEST_FILES.length : index
    }
    // A stable sort: the other files keep vitest's order, and every project its place.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}
