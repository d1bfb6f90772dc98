/**
 * The first problem of a failed parse as the answer's message: "path: message", or the
 * message alone when the value as a whole is wrong. The one formatter of the API's 400s,
 * a refused replicated write and a refused backup file.
 */
export function describeZodError(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  fallback = 'Ongeldige invoer',
): string {
  const issue = error.issues[0]
  if (!issue) return fallback
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}
