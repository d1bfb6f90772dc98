import { formatPercentageText } from '#schema/parse-percentage'
import { SaleCorrectionSchema, type SaleDocument, type SaleSplit } from '#schema/sales'
import type { SaleCorrectionInput } from '../data/index.ts'
import {
  createSaleForm,
  createTeamLine,
  EXTRA_LINES,
  getChosenLines,
  parseAmount,
  readPercentage,
  type SaleForm,
} from './sale-form.ts'

// "Verkoop corrigeren" runs the same wizard over a registered sale: the form starts from
// the sale and its current split, and ends in a correction instead of a new sale.

/** Cents as the wizard's fields hold euros: 125050 → '1250.5'. */
const toEuroText = (cents: number) => String(cents / 100)

/**
 * The wizard's form for a correction: the sale's figures and its split (the sales team as
 * team lines, the first line of each extra kind as that extra line).
 */
export function createCorrectionForm(sale: SaleDocument, splits: readonly SaleSplit[]): SaleForm {
  const empty = createSaleForm()
  const team = splits.filter((split) => split.commissionType === 'sales')
  const extraLines = { ...empty.extraLines }
  for (const { commissionType } of EXTRA_LINES) {
    const split = splits.find((each) => each.commissionType === commissionType)
    if (split) {
      extraLines[commissionType] = {
        sellerId: split.sellerId,
        percentage: formatPercentageText(split.commissionPercentage),
      }
    }
  }
  return {
    ...empty,
    isCorrection: true,
    projectId: sale.projectId,
    propertyNumber: sale.propertyNumber,
    saleDate: sale.saleDate,
    deliveryDate: sale.deliveryDate ?? '',
    clientName: sale.clientName,
    clientEmail: sale.clientEmail ?? '',
    clientPhone: sale.clientPhone ?? '',
    salePrice: toEuroText(sale.salePrice),
    commissionPercentage: formatPercentageText(sale.commissionPercentage),
    totalCosts: toEuroText(sale.totalCosts),
    discountPercentage: formatPercentageText(sale.discountPercentage),
    costsDescription: sale.costsDescription ?? '',
    teamLines:
      team.length > 0
        ? team.map((split) => ({
            ...createTeamLine(split.sellerId, split.role ?? ''),
            percentage: formatPercentageText(split.commissionPercentage),
          }))
        : empty.teamLines,
    extraLines,
  }
}

/** Whether a split from the sale would be lost by the wizard (a second line of an extra kind). */
export function hasUnshownSplits(splits: readonly SaleSplit[]): boolean {
  return EXTRA_LINES.some(
    ({ commissionType }) =>
      splits.filter((split) => split.commissionType === commissionType).length > 1,
  )
}

type Checked = { ok: true; correction: SaleCorrectionInput } | { ok: false; message: string }

/** The correction to save, checked with the server's own schema (it may be sent later). */
export function checkSaleCorrection(form: SaleForm): Checked {
  const optional = (value: string) => value.trim() || null
  const correction: SaleCorrectionInput = {
    clientName: form.clientName.trim(),
    clientEmail: optional(form.clientEmail),
    clientPhone: optional(form.clientPhone),
    propertyNumber: form.propertyNumber.trim(),
    saleDate: form.saleDate,
    deliveryDate: form.deliveryDate || null,
    salePrice: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    totalCosts: parseAmount(form.totalCosts) ?? 0,
    costsDescription: optional(form.costsDescription),
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    splits: getChosenLines(form).map((line) => ({
      sellerId: line.sellerId,
      role: line.role.trim() || null,
      commissionType: line.commissionType,
      commissionPercentage: line.percentage,
    })),
  }
  const parsed = SaleCorrectionSchema.omit({ paidTotal: true }).safeParse(correction)
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Ongeldige correctie' }
  }
  return { ok: true, correction }
}
