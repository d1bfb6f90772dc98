import { z } from './zod.ts'

/**
 * An e-mail address as every call takes it: trimmed, lower case, at most 254 characters
 * (so that a hostile body cannot make SQLite work hard), refused with `message` when it is
 * not an address.
 */
export const emailAddress = (message: string) =>
  z.string().trim().toLowerCase().max(254).pipe(z.email({ message }))
