import { COMMISSION_TYPES } from './commission.ts'
import { hasPercentageDecimals } from './parse-percentage.ts'
import { z } from './zod.ts'

// Commission plans (docs/behaviour.md, Commissieplannen; decision 039): what a seller's
// share of a sale's net commission is, by team role, with tiers on their volume in a
// period. The payloads here; the arithmetic in schema/plan-arithmetic.ts.

/** The period a tier's volume is counted over. */
export const PLAN_PERIODS = ['year', 'quarter'] as const
export type PlanPeriod = (typeof PLAN_PERIODS)[number]

/**
 * marginal: a tier's share applies to the part of the volume above its threshold only;
 * retroactive: once reached, to every sale of the period.
 */
export const PLAN_MODES = ['marginal', 'retroactive'] as const
export type PlanMode = (typeof PLAN_MODES)[number]

/** The kinds of line a plan gives a fixed share for, beside the sales team's roles. */
export const PLAN_EXTRA_TYPES = COMMISSION_TYPES.filter((type) => type !== 'sales') as Exclude<
  (typeof COMMISSION_TYPES)[number],
  'sales'
>[]
export type PlanExtraType = (typeof PLAN_EXTRA_TYPES)[number]

const SHARE_TEXT = 'Aandeel moet tussen 0 en 100 % liggen'
const share = z
  .number({ message: SHARE_TEXT })
  .min(0, { message: SHARE_TEXT })
  .max(100, { message: SHARE_TEXT })
  .refine(hasPercentageDecimals, { message: 'Aandeel heeft hoogstens vier decimalen' })
const cents = (what: string) =>
  z
    .number({ message: `${what} moet een getal in centen zijn` })
    .int({ message: `${what} moet in hele centen zijn` })
    .min(0, { message: `${what} mag niet negatief zijn` })
    .max(1e13, { message: `${what} is te groot` })
const optionalCap = cents('Plafond')
  .nullish()
  .transform((value) => value ?? null)
const dateOnly = z.iso.date({ message: 'Datum moet de vorm JJJJ-MM-DD hebben' })

const TierSchema = z.object({ fromVolume: cents('Drempel'), share })

const RoleSchema = z
  .object({
    role: z
      .string()
      .trim()
      .min(1, { message: 'Rol is verplicht' })
      .max(60, { message: 'Rol is te lang' }),
    share,
    tiers: z.array(TierSchema).max(20, { message: 'Hoogstens 20 treden' }).default([]),
  })
  .superRefine((role, ctx) => {
    // Each tier starts above the one before: overlapping or unordered tiers are refused,
    // never sorted, as the person who typed them meant something else.
    role.tiers.forEach((tier, index) => {
      const previous = role.tiers[index - 1]
      if (index === 0 ? tier.fromVolume <= 0 : previous && tier.fromVolume <= previous.fromVolume) {
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', index, 'fromVolume'],
          message:
            index === 0
              ? 'De eerste trede moet boven € 0 beginnen (daaronder geldt het basisaandeel)'
              : 'Treden moeten oplopen: deze drempel ligt niet boven de vorige',
        })
      }
    })
  })

const ExtraSchema = z.object({
  commissionType: z.enum(PLAN_EXTRA_TYPES as [PlanExtraType, ...PlanExtraType[]]),
  share,
  capPerPeriod: optionalCap,
})

/** The terms of one version of a plan. */
export const PlanTermsSchema = z
  .object({
    period: z.enum(PLAN_PERIODS, { message: "Periode moet 'year' of 'quarter' zijn" }),
    mode: z.enum(PLAN_MODES, { message: "Wijze moet 'marginal' of 'retroactive' zijn" }),
    from: dateOnly,
    roles: z
      .array(RoleSchema)
      .min(1, { message: 'Minstens één rol' })
      .max(20, { message: 'Hoogstens 20 rollen' }),
    capPerPeriod: optionalCap,
    extras: z.array(ExtraSchema).max(3).default([]),
  })
  .superRefine((terms, ctx) => {
    const seen = new Set<string>()
    terms.roles.forEach((role, index) => {
      const key = role.role.toLowerCase()
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['roles', index, 'role'],
          message: `Rol ${role.role} staat twee keer in het plan`,
        })
      }
      seen.add(key)
    })
    const types = new Set<string>()
    terms.extras.forEach((extra, index) => {
      if (types.has(extra.commissionType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['extras', index, 'commissionType'],
          message: 'Dit soort commissie staat twee keer in het plan',
        })
      }
      types.add(extra.commissionType)
    })
  })
export type PlanTerms = z.infer<typeof PlanTermsSchema>

const planName = z
  .string()
  .trim()
  .min(1, { message: 'Naam is verplicht' })
  .max(120, { message: 'Naam is te lang' })

/** POST /api/gold-estates/commission-plans. */
export const PlanCreateSchema = z.intersection(z.object({ name: planName }), PlanTermsSchema)

const TERM_KEYS = ['period', 'mode', 'from', 'roles', 'capPerPeriod', 'extras'] as const

/**
 * PATCH /api/gold-estates/commission-plans/:id: a new name, and/or a new version from a
 * later date with all its terms (earlier versions are never rewritten).
 */
export const PlanUpdateSchema = z
  .looseObject({ name: planName.optional() })
  .transform((body, ctx) => {
    const hasTerms = TERM_KEYS.some((key) => key in body)
    if (!hasTerms) {
      if (body.name === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['from'],
          message: 'Geef een naam of een nieuwe versie',
        })
        return z.NEVER
      }
      return { name: body.name, terms: null }
    }
    const terms = PlanTermsSchema.safeParse(body)
    if (!terms.success) {
      for (const issue of terms.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message })
      }
      return z.NEVER
    }
    return { name: body.name, terms: terms.data }
  })

/** PUT /api/gold-estates/sellers/:id/plan. */
export const SellerPlanSchema = z.object({
  planId: z.string().min(1, { message: 'Kies een plan' }).max(64),
  from: dateOnly,
})

/** PUT /api/gold-estates/projects/:id/rate: the project's own percentage and/or plan. */
export const ProjectRateSchema = z
  .object({
    from: dateOnly,
    commissionPercentage: share.nullish().transform((value) => value ?? null),
    planId: z
      .string()
      .min(1)
      .max(64)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((rate) => rate.commissionPercentage !== null || rate.planId !== null, {
    path: ['commissionPercentage'],
    message: 'Geef een percentage, een plan of allebei',
  })

/** GET /api/gold-estates/sellers/:id/position query. */
export const PositionQuerySchema = z.object({
  date: dateOnly.optional(),
  role: z.string().trim().min(1).max(60).optional(),
})

/** One version of a plan as the API answers and the devices read it. */
export type PlanVersion = PlanTerms & { id: string; planId: string }
