import { formatBytes } from '../../lib/format-bytes.ts'
import { formatCount, formatMoney } from '../../lib/format-money.ts'

/** The three figures by name, the way card, dialog and table show them. */
export const USAGE_FIGURES = {
  apiCalls: { label: 'API-calls', format: formatCount },
  costCents: { label: 'Kosten', format: (cents: number) => formatMoney(cents) },
  dbBytes: { label: 'Database', format: formatBytes },
} as const
