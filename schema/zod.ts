import { z } from 'zod'

// The one import of zod for code that runs in the browser (schema/, sync/protocol.ts).
// Zod compiles object parsers with `new Function` when it may, and merely probing for that
// trips the browser's Content-Security-Policy (no eval); so outside Node it never tries.
// Configured here, at zod's first import, it holds before any schema parses, and zod loads
// only with the screens that validate (not with the first screen).
const isNode = Boolean(
  (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
)
if (!isNode) z.config({ jitless: true })

export { z }
