import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The server project's longest files (about 31, 26, 26, 10 s; then 10 s or less), longest
 * first: a long file started last ends the run alone.
 */
const LONGEST_FILES = [
  'tests/api/convergence.test.ts',
  'tests/api/several-processes-jobs.test.ts',
  'tests/api/offsite-copies.test.ts',
  'tests/api/heavy-work-queue.test.ts',
  'tests/api/replication-recovery.test.ts',
  'tests/api/bounded-uploads.test.ts',
  'tests/api/deal-attacks.test.ts',
  'tests/api/webhook.test.ts',
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
