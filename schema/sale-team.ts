import { COMMISSION_TYPES } from './commission.ts'
import { SaleCreateSchema } from './sales.ts'
import { z } from './zod.ts'

// POST /api/gold-estates/sales with `team` instead of `commissions` (decision 039): who
// is on the sale and in which role; the server fills each line from the plans.

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
