import type { SalesImportResult } from '#schema/sales-import/payloads'
import { Alert } from '../../components/alert.tsx'
import { formatCount } from '../../lib/format-money.ts'

/** What the last sync or upload did, or why it failed. */
export type ImportOutcome =
  | { status: 'done'; title: string; result: SalesImportResult }
  | { status: 'failed'; title: string; text: string; detail?: string }

/** docs/behaviour.md: the sync toast names sales, projects and sellers; the alert adds the rest. */
export function describeImportCounts(result: SalesImportResult): string {
  return (
    `${formatCount(result.salesImported)} verkopen geïmporteerd, ` +
    `${formatCount(result.projectsCreated)} projecten en ` +
    `${formatCount(result.sellersCreated)} verkopers aangemaakt`
  )
}

/** The result alert and, when rows were refused, the list of row errors. */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.status === 'failed') {
    return (
      <Alert variant="destructive" title={outcome.title}>
        <p>{outcome.text}</p>
        {outcome.detail && <p className="mt-1">{outcome.detail}</p>}
      </Alert>
    )
  }
  const { result } = outcome
  const figures = [
    ['Verkopen geïmporteerd', result.salesImported],
    ['Al eerder geïmporteerd', result.salesSkipped],
    ['Projecten aangemaakt', result.projectsCreated],
    ['Verkopers aangemaakt', result.sellersCreated],
    ['Commissies aangemaakt', result.commissionsCreated],
  ] as const
  return (
    <div className="grid gap-4" aria-live="polite">
      <Alert title={outcome.title}>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 sm:max-w-sm">
          {figures.map(([label, value]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-medium text-foreground tabular-nums">
                {formatCount(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Alert>
      {result.errors.length > 0 && (
        <Alert
          variant="destructive"
          title={`${formatCount(result.errors.length)} ${result.errors.length === 1 ? 'rij' : 'rijen'} niet geïmporteerd`}
        >
          <ul className="grid max-h-72 list-disc gap-1 overflow-y-auto pl-5">
            {result.errors.map((error) => (
              <li key={error} className="break-words">
                {error}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}
