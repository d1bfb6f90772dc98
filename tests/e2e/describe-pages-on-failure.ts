import { afterEach } from 'vitest'
import { describeOpenPages } from '../support/browser.ts'

// The browser project's setup file: when a test fails, what its open pages showed goes to
// the output before the test's own cleanup closes them (this hook, registered first, runs
// last of the afterEach hooks, and a failed test body never reached its own context.close()).
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const pages = await describeOpenPages()
  if (pages) console.error(`What the open pages showed when "${task.name}" failed:\n\n${pages}`)
})
