import { COMMISSION_TYPES } from './commission.ts'
import { hasPercentageDecimals } from './parse-percentage.ts'
import { SaleCreateSchema } from './sales.ts'
import { z } from './zod.ts'

// POST /api/gold-estates/sales with `team` instead of `commissions` (decision 039): who
// is on the sale and in which role; the server fills each line from the plans.

const SHARE_TEXT = 'Aandeel moet tussen 0 en 100 % liggen'

/** One member of a sale's team: a sales role of their plan, or a fixed extra share. */
export const TeamMemberSchema = z.object({
  sellerId: z.string().min(1, { message: 'Kies een verkoper' }).max(64),
  role: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((value) => value || null),
  commissionType: z.enum(COMMISSION_TYPES).default('sales'),
  /**
   * The member's share of the net commission when it is not the plan's ("afwijkend van
   * plan", decision 039): the line then holds this share and no plan adjusts it. Left out
   * or null, the plan's share. A SELLER's share that differs from the plan's is held for
   * review (schema/sale-review.ts).
   */
  share: z
    .number({ message: SHARE_TEXT })
    .min(0, { message: SHARE_TEXT })
    .max(100, { message: SHARE_TEXT })
    .refine(hasPercentageDecimals, { message: 'Aandeel heeft hoogstens vier decimalen' })
    .nullish()
    .transform((value) => value ?? null),
})

/** A registration whose lines the plans fill; percentage and net may be left to the server. */
export const SaleTeamCreateSchema = SaleCreateSchema.omit({
  commissions: true,
  commissionPercentage: true,
  commissionAmount: true,
}).extend({
  commissionPercentage: SaleCreateSchema.shape.commissionPercentage.optional(),
  commissionAmount: SaleCreateSchema.shape.commissionAmount.optional(),
  team: z
    .array(TeamMemberSchema)
    .min(1, { message: 'Minstens één verkoper in het team' })
    .max(50, { message: 'Hoogstens 50 verkopers in het team' }),
})
export type SaleTeamCreate = z.infer<typeof SaleTeamCreateSchema>

/** The route's body: with `team`, a registration from plans; otherwise as typed. */
export const SaleRegistrationSchema = z.looseObject({}).transform((body, ctx) => {
  const schema = 'team' in body ? SaleTeamCreateSchema : SaleCreateSchema
  const parsed = schema.safeParse(body)
  if (parsed.success) {
    return 'team' in parsed.data
      ? { kind: 'team' as const, sale: parsed.data as SaleTeamCreate }
      : { kind: 'typed' as const, sale: parsed.data as z.infer<typeof SaleCreateSchema> }
  }
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message })
  }
  return z.NEVER
})
