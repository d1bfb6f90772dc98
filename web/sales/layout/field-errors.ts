import type { ZodError } from 'zod'

/** The first message per top-level field of a failed zod parse, for inline hints. */
export function getFieldErrors<Field extends string>(
  error: ZodError,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {}
  for (const issue of error.issues) {
    const field = issue.path[0] as Field
    if (fields.includes(field) && !found[field]) found[field] = issue.message
  }
  return found
}
