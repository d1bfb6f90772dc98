import { z } from 'zod'

// Zod compiles object parsers with `new Function` when it may; merely probing for that
// trips the Content-Security-Policy (no eval). Imported first by the signed-in areas' route files, before any
// schema parses.
z.config({ jitless: true })
