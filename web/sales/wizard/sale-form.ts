import type { z } from 'zod'
import { type CommissionType, calculateCommission } from '#schema/commission'
import { parseMoneyToCents } from '#schema/parse-money'
import { parsePercentage } from '#schema/parse-percentage'
import {
  DateOnlySchema,
  OptionalEmailSchema,
  type SaleCreateSchema,
  type SellerDocument,
} from '#schema/sales'

// The wizard's values as typed (strings, euros) and the rules of docs/behaviour.md, The sale wizard on them:
// which step may be opened, the live arithmetic, and the payload with amounts in cents.

/** The four steps, numbered as the progress indicator shows them. */
export const WIZARD_STEPS = [
  { step: 1, title: 'Project', description: 'Selecteer project' },
  { step: 2, title: 'Klant', description: 'Klantgegevens' },
  { step: 3, title: 'Financiën', description: 'Prijs & commissie' },
  { step: 4, title: 'Verdeling', description: 'Commissie splits' },
] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]['step']

/** One sales-team line: a seller, their role (filled from the seller) and a percentage. */
export type TeamLine = {
  key: string
  sellerId: string
  role: string
  percentage: string
  /** Typed by hand over the plan's proposal ("afwijkend van plan", decision 040). */
  isEdited?: boolean
}

/** The extra lines, each optional (docs/behaviour.md, The sale wizard: Aanbreng, Sales Manager, Sales Director). */
export const EXTRA_LINES = [
  { commissionType: 'referral', label: 'Aanbreng' },
  { commissionType: 'manager', label: 'Sales Manager' },
  { commissionType: 'director', label: 'Sales Director' },
] as const satisfies readonly { commissionType: CommissionType; label: string }[]
export type ExtraType = (typeof EXTRA_LINES)[number]['commissionType']
export type ExtraLine = {
  sellerId: string
  percentage: string
  /** Typed by hand over the plan's fixed share ("afwijkend van plan"). */
  isEdited?: boolean
}

export type SaleForm = {
  /** A correction of a registered sale: the project is fixed and the dates are asked for. */
  isCorrection: boolean
  projectId: string
  propertyNumber: string
  /** 'YYYY-MM-DD'; a new sale leaves both empty (the sale date is then today). */
  saleDate: string
  deliveryDate: string
  clientName: string
  clientEmail: string
  clientPhone: string
  salePrice: string
  commissionPercentage: string
  totalCosts: string
  discountPercentage: string
  costsDescription: string
  teamLines: TeamLine[]
  extraLines: Record<ExtraType, ExtraLine>
}

let lineCounter = 0
/** An empty sales-team line with a key of its own (for React lists and labels). */
export function createTeamLine(sellerId = '', role = ''): TeamLine {
  lineCounter += 1
  return { key: `line-${lineCounter}`, sellerId, role, percentage: '' }
}

/** Constants (docs/behaviour.md) defaults: commission 5 %, costs 0, discount 0. */
export function createSaleForm(firstLine?: { sellerId: string; role: string }): SaleForm {
  return {
    isCorrection: false,
    projectId: '',
    propertyNumber: '',
    saleDate: '',
    deliveryDate: '',
    clientName: '',
    clientEmail: '',
    clientPhone: '',
    salePrice: '',
    commissionPercentage: '5',
    totalCosts: '0',
    discountPercentage: '0',
    costsDescription: '',
    teamLines: [createTeamLine(firstLine?.sellerId, firstLine?.role)],
    extraLines: {
      referral: { sellerId: '', percentage: '' },
      manager: { sellerId: '', percentage: '' },
      director: { sellerId: '', percentage: '' },
    },
  }
}

/** A typed amount of money in cents (schema/parse-money.ts), or undefined when it is none. */
export function parseAmount(value: string): number | undefined {
  const parsed = parseMoneyToCents(value)
  return parsed.ok ? parsed.value : undefined
}

/**
 * A typed percentage (schema/parse-percentage.ts: '2,5' and '2.5' are 2.5), or undefined
 * when empty or not to be read.
 */
export function readPercentage(value: string): number | undefined {
  const parsed = parsePercentage(value)
  return parsed.ok ? parsed.value : undefined
}

/** What is wrong with an optional typed percentage, prefixed with its field's label. */
function findPercentageProblem(value: string, label: string): string | undefined {
  if (value.trim() === '') return undefined
  const parsed = parsePercentage(value)
  return parsed.ok ? undefined : `${label}: ${parsed.problem}`
}

/** The documented text when a required field of the step is empty (docs/behaviour.md, The sale wizard). */
export const MISSING_FIELDS_TEXT = 'Vul alle verplichte velden in voordat je doorgaat'

const INVALID_DATE_TEXT = 'Voer een geldige datum in'

/** What is wrong with one step's own fields, or undefined when it may be left. */
export function getStepProblem(form: SaleForm, step: WizardStep): string | undefined {
  switch (step) {
    case 1:
      if (form.projectId === '' || form.propertyNumber.trim() === '') return MISSING_FIELDS_TEXT
      if (form.isCorrection && form.saleDate === '') return MISSING_FIELDS_TEXT
      return [form.saleDate, form.deliveryDate].some(
        (date) => date !== '' && !DateOnlySchema.safeParse(date).success,
      )
        ? INVALID_DATE_TEXT
        : undefined
    case 2:
      if (form.clientName.trim() === '') return MISSING_FIELDS_TEXT
      return OptionalEmailSchema.safeParse(form.clientEmail).error?.issues[0]?.message
    case 3: {
      if (form.salePrice.trim() === '' || form.commissionPercentage.trim() === '') {
        return MISSING_FIELDS_TEXT
      }
      const percentageProblem =
        findPercentageProblem(form.commissionPercentage, 'Commissie (%)') ??
        findPercentageProblem(form.discountPercentage, 'Korting (%)')
      if (percentageProblem) return percentageProblem
      const isValid =
        parseAmount(form.salePrice) !== undefined &&
        (form.totalCosts.trim() === '' || parseAmount(form.totalCosts) !== undefined)
      return isValid
        ? undefined
        : 'Bedragen mogen niet negatief zijn en percentages liggen tussen 0 en 100'
    }
    case 4: {
      const labelled = [
        ...form.teamLines.map((line, index) => ({ line, label: `Percentage ${index + 1}` })),
        ...EXTRA_LINES.map(({ commissionType, label }) => ({
          line: form.extraLines[commissionType],
          label: `${label} %`,
        })),
      ]
      for (const { line, label } of labelled) {
        const problem = findPercentageProblem(line.percentage, label)
        if (problem) return problem
      }
      const lines = labelled.map(({ line }) => line)
      // A percentage without anybody to pay would be lost on saving.
      if (
        lines.some((line) => line.sellerId === '' && (readPercentage(line.percentage) ?? 0) !== 0)
      ) {
        return 'Kies een verkoper voor elke regel met een percentage'
      }
      return undefined
    }
  }
}

/** Whether one step's own fields are filled in correctly (step 4 asks nothing required). */
export function isStepValid(form: SaleForm, step: WizardStep): boolean {
  return getStepProblem(form, step) === undefined
}

/** A step may be opened when every earlier step is filled in (docs/behaviour.md, The sale wizard). */
export function canOpenStep(form: SaleForm, step: WizardStep): boolean {
  for (let earlier = 1; earlier < step; earlier++) {
    if (!isStepValid(form, earlier as WizardStep)) return false
  }
  return true
}

/** The commission lines in payload order: the team first, then the extra lines. */
function listLines(form: SaleForm) {
  return [
    ...form.teamLines.map((line) => ({
      commissionType: 'sales' as CommissionType,
      sellerId: line.sellerId,
      role: line.role,
      percentage: readPercentage(line.percentage) ?? 0,
    })),
    ...EXTRA_LINES.map(({ commissionType, label }) => ({
      commissionType: commissionType as CommissionType,
      sellerId: form.extraLines[commissionType].sellerId,
      role: label,
      percentage: readPercentage(form.extraLines[commissionType].percentage) ?? 0,
    })),
  ]
}

/** The lines to save, in payload order: lines without a seller mean "none". */
export function getChosenLines(form: SaleForm) {
  return listLines(form).filter((line) => line.sellerId !== '')
}

/** The live arithmetic (docs/behaviour.md, The sale wizard) of what is typed; empty fields count as 0. */
export function calculateForm(form: SaleForm) {
  const costsCents = parseAmount(form.totalCosts) ?? 0
  const breakdown = calculateCommission({
    salePriceCents: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    costsCents,
    lines: listLines(form),
  })
  const teamCount = form.teamLines.length
  return {
    ...breakdown,
    costsCents,
    teamAmountsCents: breakdown.lineAmountsCents.slice(0, teamCount),
    extraAmountsCents: Object.fromEntries(
      EXTRA_LINES.map(({ commissionType }, index) => [
        commissionType,
        breakdown.lineAmountsCents[teamCount + index] ?? 0,
      ]),
    ) as Record<ExtraType, number>,
  }
}

export type SalePayload = z.input<typeof SaleCreateSchema>

/**
 * The sale to register: money in integer cents from the one arithmetic, lines without a
 * seller left out (an empty extra line means "none").
 */
export function toSalePayload(form: SaleForm): SalePayload {
  const chosen = getChosenLines(form)
  const breakdown = calculateCommission({
    salePriceCents: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    costsCents: parseAmount(form.totalCosts) ?? 0,
    lines: chosen,
  })
  const optional = (value: string) => value.trim() || null
  return {
    projectId: form.projectId,
    clientName: form.clientName.trim(),
    clientEmail: optional(form.clientEmail),
    clientPhone: optional(form.clientPhone),
    propertyNumber: form.propertyNumber.trim(),
    salePrice: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    commissionAmount: breakdown.netCents,
    totalCosts: parseAmount(form.totalCosts) ?? 0,
    costsDescription: optional(form.costsDescription),
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    commissions: chosen.map((line, index) => ({
      sellerId: line.sellerId,
      role: line.role.trim() || null,
      commissionType: line.commissionType,
      commissionPercentage: line.percentage,
      commissionAmount: breakdown.lineAmountsCents[index] ?? 0,
    })),
  }
}

/** The role a seller brings to a sales-team line. */
export function getSellerRole(sellers: readonly SellerDocument[], sellerId: string): string {
  return sellers.find((seller) => seller.id === sellerId)?.role ?? ''
}
