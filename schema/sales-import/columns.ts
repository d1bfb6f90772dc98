import { cellText, type SheetCell } from './sheet-cell.ts'

// The columns a sales sheet may have (docs/behaviour.md, Product decisions, Sales import: Dutch or English names). A header
// matches after dropping case, accents, spaces and punctuation other than '%', so
// 'Commissie (%)', 'commissie %' and 'COMMISSIE%' are one header.

/** What the importer reads, with its Dutch name for messages and the headers it accepts. */
export const IMPORT_COLUMNS = {
  clientName: {
    label: 'klantnaam',
    required: true,
    headers: ['client name', 'client', 'klantnaam', 'klant', 'naam klant', 'customer', 'koper'],
  },
  projectName: {
    label: 'projectnaam',
    required: true,
    headers: ['project name', 'project', 'projectnaam', 'naam project'],
  },
  projectLabel: {
    label: 'projectlabel',
    required: false,
    headers: ['project label', 'projectlabel', 'label'],
  },
  saleDate: {
    label: 'verkoopdatum',
    required: true,
    headers: ['sale date', 'verkoopdatum', 'date of sale', 'datum verkoop', 'datum'],
  },
  deliveryDate: {
    label: 'opleverdatum',
    required: false,
    headers: ['delivery date', 'opleverdatum', 'oplevering', 'datum oplevering'],
  },
  salePrice: {
    label: 'verkoopprijs',
    required: true,
    headers: ['sale price', 'price', 'verkoopprijs', 'prijs', 'koopsom'],
  },
  commissionPercentage: {
    label: 'commissie %',
    required: true,
    headers: [
      'commission %',
      'commissie %',
      'commission percentage',
      'commissiepercentage',
      'commission',
      'commissie',
    ],
  },
  sellerName: {
    label: 'verkoper',
    required: true,
    headers: ['seller name', 'seller', 'verkoper', 'naam verkoper', 'sales agent', 'agent'],
  },
  propertyNumber: {
    label: 'bouwnummer',
    required: true,
    headers: ['property number', 'property', 'bouwnummer', 'kavel', 'kavelnummer', 'unit'],
  },
  clientEmail: {
    label: 'e-mail klant',
    required: false,
    headers: ['client email', 'email', 'e-mail', 'e-mailadres', 'klant e-mail', 'e-mail klant'],
  },
  clientPhone: {
    label: 'telefoon klant',
    required: false,
    headers: ['client phone', 'phone', 'telefoon', 'telefoonnummer', 'telefoon klant'],
  },
  totalCosts: {
    label: 'kosten',
    required: false,
    headers: ['costs', 'total costs', 'kosten', 'totale kosten'],
  },
  discountPercentage: {
    label: 'korting %',
    required: false,
    headers: ['discount %', 'korting %', 'discount', 'korting'],
  },
  notes: {
    label: 'notities',
    required: false,
    headers: ['notes', 'note', 'notities', 'opmerkingen', 'opmerking'],
  },
} as const

/** A column the importer reads. */
export type ImportColumn = keyof typeof IMPORT_COLUMNS

/** Column AA (0-based 26 from column A) holds the project label when no header names it. */
export const PROJECT_LABEL_COLUMN_INDEX = 26

/** A header reduced to what identifies it: 'Commissie (%)' → 'commissie%'. */
export function normaliseHeader(cell: SheetCell): string {
  return cellText(cell)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]/g, '')
}

// Each header with its column and rank: earlier names in a column's list are surer
// ('commissie %' before a bare 'commissie', which may hold an amount).
const BY_HEADER = new Map<string, { column: ImportColumn; rank: number }>(
  Object.entries(IMPORT_COLUMNS).flatMap(([column, spec]) =>
    spec.headers.map(
      (header, rank) =>
        [normaliseHeader(header), { column: column as ImportColumn, rank }] as const,
    ),
  ),
)

/** Where each column is in a row (0-based), and which required ones are absent. */
export type ColumnMap = {
  indexes: Partial<Record<ImportColumn, number>>
  missing: ImportColumn[]
}

/**
 * Finds the columns in the header row: per column the surest header, the leftmost among
 * equals. Without a label header, column AA is the project label unless its header names
 * another column; `labelIndex` says where column AA is when rows do not start at column A.
 */
export function mapColumns(
  header: readonly SheetCell[],
  labelIndex: number = PROJECT_LABEL_COLUMN_INDEX,
): ColumnMap {
  const indexes: Partial<Record<ImportColumn, number>> = {}
  const ranks: Partial<Record<ImportColumn, number>> = {}
  header.forEach((cell, index) => {
    const found = BY_HEADER.get(normaliseHeader(cell))
    if (!found || (ranks[found.column] ?? Number.POSITIVE_INFINITY) <= found.rank) return
    indexes[found.column] = index
    ranks[found.column] = found.rank
  })
  const isLabelFree = labelIndex >= 0 && !BY_HEADER.has(normaliseHeader(header[labelIndex]))
  if (indexes.projectLabel === undefined && isLabelFree) indexes.projectLabel = labelIndex
  const missing = (Object.keys(IMPORT_COLUMNS) as ImportColumn[]).filter(
    (column) => IMPORT_COLUMNS[column].required && indexes[column] === undefined,
  )
  return { indexes, missing }
}
