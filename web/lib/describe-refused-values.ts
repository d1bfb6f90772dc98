import { ROLE_LABELS } from '#schema/roles'
import type { RefusedValues } from '#schema/sync-refusals'
import { formatMoney } from './format-money.ts'

/** The writable fields of every replicated collection in the words of the screens. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Naam',
  email: 'E-mail',
  role: 'Rol',
  status: 'Status',
  url: 'URL',
  description: 'Omschrijving',
  location: 'Locatie',
  type: 'Type',
  label: 'Label',
  totalUnits: 'Aantal units',
  phone: 'Telefoon',
  projectId: 'Project',
  clientName: 'Klant',
  clientEmail: 'E-mail klant',
  clientPhone: 'Telefoon klant',
  propertyNumber: 'Bouwnummer',
  saleDate: 'Verkoopdatum',
  deliveryDate: 'Opleverdatum',
  salePrice: 'Verkoopprijs',
  commissionPercentage: 'Commissie %',
  totalCosts: 'Kosten',
  costsDescription: 'Omschrijving kosten',
  discountPercentage: 'Korting %',
  splits: 'Verdeling',
  cancelReason: 'Reden annulering',
  commissionId: 'Commissie',
  amount: 'Bedrag',
  paidOn: 'Betaaldatum',
  note: 'Notitie',
}

/** Fields held in cents. */
const MONEY_FIELDS = new Set(['salePrice', 'totalCosts', 'amount'])

/** The statuses of every replicated collection as the screens name them. */
const STATUS_LABELS: Record<string, string> = {
  active: 'Actief',
  inactive: 'Inactief',
  suspended: 'Geschorst',
  completed: 'Afgerond',
  cancelled: 'Geannuleerd',
  pending: 'In behandeling',
  paid: 'Betaald',
  settled: 'Verrekend',
}

const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: STATUS_LABELS,
  role: ROLE_LABELS,
}

function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value)
  const label = typeof value === 'string' ? VALUE_LABELS[field]?.[value] : undefined
  if (label) return label
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** What a person wrote, as label and text per field, for the list and for copying. */
export function describeRefusedValues(values: RefusedValues | undefined) {
  return Object.entries(values ?? {}).map(([field, value]) => ({
    field,
    label: FIELD_LABELS[field] ?? field,
    text: describeValue(field, value),
  }))
}
