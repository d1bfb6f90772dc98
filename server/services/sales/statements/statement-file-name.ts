import type { StatementPeriod } from '#schema/statements'

/** A name as it may stand in a file name: 'Zoë de Wit' → 'zoe-de-wit'. */
export function toSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug || 'verkoper'
}

/** 'afrekening-<seller>-<dateFrom>-<dateTo>.pdf', plain ASCII so any header can carry it. */
export function getStatementFileName(sellerName: string, period: StatementPeriod): string {
  return `afrekening-${toSlug(sellerName)}-${period.dateFrom}-${period.dateTo}.pdf`
}
