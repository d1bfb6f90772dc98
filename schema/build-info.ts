/**
 * The running build: its version (package.json's, with the commit it was built from when
 * known, e.g. `1.0.86+6d9db87`) and the day it was built (dd-mm-yyyy, Amsterdam time).
 * Vite puts it in both builds (`__CENTRAAL_BUILD__`, vite.config.ts and vite.server.config.ts).
 */
export type BuildInfo = { version: string; date: string }

/** The day of `at` as the changelog writes dates: dd-mm-yyyy, in the Netherlands' time. */
export function formatBuildDate(at: Date): string {
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(at)
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? ''
  return `${part('day')}-${part('month')}-${part('year')}`
}
