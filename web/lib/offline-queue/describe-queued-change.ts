import type { QueueItem } from './queue-store.ts'

type Describe = (body: Record<string, unknown>) => string

/**
 * What each queued REST call means to the user, by method and path. `organi[sz]ation`: a
 * call queued by an earlier version names the old path (decision 020).
 */
const DESCRIPTIONS: readonly [string, RegExp, Describe][] = [
  ['PATCH', /^\/api\/organi[sz]ation$/, () => 'Organisatiegegevens opslaan'],
  ['PATCH', /^\/api\/profile\/notifications$/, () => 'Meldingsvoorkeuren opslaan'],
  ['POST', /^\/api\/organi[sz]ations$/, (body) => withName('Organisatie aanmaken', body.name)],
  [
    'POST',
    /^\/api\/organisations\/[^/]+\/invite$/,
    (body) => withName('Beheerder uitnodigen', body.email),
  ],
  ['POST', /^\/api\/users$/, (body) => withName('Gebruiker toevoegen', body.name)],
  ['PATCH', /^\/api\/users\/[^/]+$/, () => 'Gebruiker bijwerken'],
  ['DELETE', /^\/api\/users\/[^/]+$/, () => 'Gebruiker verwijderen'],
  ['POST', /^\/api\/app-connections$/, (body) => withName('App toevoegen', body.name)],
  ['PATCH', /^\/api\/app-connections\/[^/]+$/, () => 'App bijwerken'],
  ['DELETE', /^\/api\/app-connections\/[^/]+$/, () => 'App verwijderen'],
  ['PATCH', /^\/api\/gold-estates\/settings$/, () => 'Gold Estates-instellingen opslaan'],
  ['PATCH', /^\/api\/gold-estates\/commissions\/[^/]+$/, () => 'Commissie markeren'],
  ['POST', /^\/api\/gold-estates\/sales\/[^/]+\/approve$/, () => 'Verkoop goedkeuren'],
  ['POST', /^\/api\/gold-estates\/sales\/[^/]+\/reject$/, () => 'Verkoop afwijzen'],
]

function withName(action: string, name: unknown): string {
  return typeof name === 'string' && name ? `${action}: ${name}` : action
}

/** A short Dutch description of a queued change; the method and path when unknown. */
export function describeQueuedChange(item: QueueItem): string {
  const path = new URL(item.url, window.location.href).pathname
  const body =
    typeof item.body === 'object' && item.body !== null
      ? (item.body as Record<string, unknown>)
      : {}
  for (const [method, pattern, describe] of DESCRIPTIONS) {
    if (item.method === method && pattern.test(path)) return describe(body)
  }
  return `${item.method} ${path}`
}
