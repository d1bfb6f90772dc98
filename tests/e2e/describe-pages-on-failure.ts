import { afterEach } from 'vitest'
import { describeOpenPages } from '../support/browser.ts'

// The browser project's setup file: when a test fails, its error and what its open pages
// showed go to the output before the test's own cleanup closes them (this hook, registered
// first, runs last of the afterEach hooks, and a failed test body never reached its own
// context.close()). The error is printed here too: the reporter shows only the last run's,
// and a test that passes when run again (decision 046) would otherwise hide its first.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const errors = (task.result.errors ?? []).map((error) =>
    `${error.name ?? 'Error'}: ${error.message}`.slice(0, 800),
  )
  const pages = await describeOpenPages()
  console.error(
    [`"${task.name}" failed:`, ...errors, '', 'What the open pages showed:', '', pages].join('\n'),
  )
})
