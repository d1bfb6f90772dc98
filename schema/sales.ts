import { COMMISSION_TYPES } from './commission.ts'
import { emailAddress } from './email-address.ts'
import { hasPercentageDecimals, SALE_PERCENTAGE_RANGE } from './parse-percentage.ts'
import { PLAUSIBLE_COMMISSION_RANGE } from './plausible-commission.ts'
import { z } from './zod.ts'

// Payloads and documents of the Gold Estates sales area (docs/behaviour.md).
// Money is integer cents; dates are 'YYYY-MM-DD'.

const text = (max: number) => z.string().trim().max(max)
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null))
// The bounds of every percentage of a sale; the wizard reads the same (schema/parse-percentage.ts).
const percentage = z
  .number({ message: 'Percentage moet een getal zijn' })
  .min(SALE_PERCENTAGE_RANGE.min, { message: 'Percentage moet tussen 0 en 100 liggen' })
  .max(SALE_PERCENTAGE_RANGE.max, { message: 'Percentage moet tussen 0 en 100 liggen' })
  .refine(hasPercentageDecimals, { message: 'Percentage heeft hoogstens vier decimalen' })
const cents = z
  .number({ message: 'Bedrag moet een getal zijn' })
  .int({ message: 'Bedrag moet in hele centen zijn' })
  .min(0, { message: 'Bedrag mag niet negatief zijn' })
  .max(1e13, { message: 'Bedrag is te groot' })
/** A calendar date, 'YYYY-MM-DD'. */
export const DateOnlySchema = z.iso.date({ message: 'Datum moet de vorm JJJJ-MM-DD hebben' })
const id = z.string().min(1).max(64)

/** Sales roles (Gold Estates). */
export const SalesRoleSchema = z.enum(['ADMIN', 'MANAGER', 'SELLER'])

/** POST/PATCH projects. */
export const ProjectCreateSchema = z.object({
  name: text(120).min(1, { message: 'Naam is verplicht' }),
  location: optionalText(200),
  type: optionalText(80),
  label: optionalText(80),
  description: optionalText(2000),
  totalUnits: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .nullish()
    .transform((value) => value ?? null),
  status: z.enum(['active', 'inactive']).default('active'),
})
/** Only the fields sent: a missing status stays as it is (no create default). */
export const ProjectUpdateSchema = ProjectCreateSchema.extend({
  status: z.enum(['active', 'inactive']),
}).partial()

/**
 * An optional e-mail address (a seller's, a client's): blank is none. The wizard checks a
 * client's with this too.
 */
export const OptionalEmailSchema = emailAddress('Voer een geldig e-mailadres in')
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((value) => value ?? null)

/** POST/PATCH sellers; `login` also creates a sales sign-in with a setup link. */
export const SellerCreateSchema = z.object({
  name: text(120).min(2, { message: 'Naam moet minimaal 2 karakters zijn' }),
  email: OptionalEmailSchema,
  phone: optionalText(40),
  role: optionalText(60),
  status: z.enum(['active', 'inactive']).default('active'),
})
/** Only the fields sent: a missing status stays as it is (no create default). */
export const SellerUpdateSchema = SellerCreateSchema.extend({
  status: z.enum(['active', 'inactive']),
}).partial()
export const SellerLoginSchema = z.object({ role: SalesRoleSchema.default('SELLER') })

/** One commission line of a sale payload. */
export const CommissionLineSchema = z.object({
  sellerId: id,
  role: optionalText(60),
  commissionType: z.enum(COMMISSION_TYPES).default('sales'),
  commissionPercentage: percentage,
  commissionAmount: cents,
})

/** POST /api/gold-estates/sales: the wizard's payload (docs/behaviour.md, The sale wizard). */
export const SaleCreateSchema = z.object({
  projectId: id,
  clientName: text(200).min(1, { message: 'Klantnaam is verplicht' }),
  clientEmail: OptionalEmailSchema,
  clientPhone: optionalText(40),
  propertyNumber: text(60).min(1, { message: 'Bouwnummer is verplicht' }),
  saleDate: DateOnlySchema.nullish(),
  deliveryDate: DateOnlySchema.nullish().transform((value) => value ?? null),
  salePrice: cents,
  commissionPercentage: percentage,
  commissionAmount: cents,
  totalCosts: cents.default(0),
  costsDescription: optionalText(500),
  discountPercentage: percentage.default(0),
  notes: optionalText(2000),
  commissions: z.array(CommissionLineSchema).max(50),
})

/** One line of a sale's split as a correction states it (amounts follow from the sale). */
export const SaleSplitSchema = CommissionLineSchema.omit({ commissionAmount: true })

/**
 * PATCH /api/gold-estates/sales/:id and a replicated sale edit: a correction ("Verkoop
 * corrigeren"). The figures are the wizard's; the server recomputes every amount.
 * `paidTotal` is what its author saw paid on the sale: a correction made against another
 * state of payments is refused.
 */
export const SaleCorrectionSchema = z.object({
  clientName: text(200).min(1, { message: 'Klantnaam is verplicht' }),
  clientEmail: OptionalEmailSchema,
  clientPhone: optionalText(40),
  propertyNumber: text(60).min(1, { message: 'Bouwnummer is verplicht' }),
  saleDate: DateOnlySchema,
  deliveryDate: DateOnlySchema.nullish().transform((value) => value ?? null),
  salePrice: cents,
  commissionPercentage: percentage,
  totalCosts: cents.default(0),
  costsDescription: optionalText(500),
  discountPercentage: percentage.default(0),
  splits: z.array(SaleSplitSchema).min(1, { message: 'Minstens één commissieregel' }).max(50),
  paidTotal: z.number().int(),
})

/** POST /api/gold-estates/sales/:id/cancel: "Verkoop annuleren". */
export const SaleCancelSchema = z.object({
  reason: text(500).min(3, { message: 'Geef een reden van minstens 3 tekens op' }),
})

/**
 * The version of a sale its approver saw (its `seq`), which a review must name: a review
 * queued by an earlier version of the app, without it, is refused with words that say what
 * to do, never applied to whatever the sale became meanwhile.
 */
const SEEN_SEQ_MISSING =
  'De versie van de verkoop die je beoordeelde ontbreekt. Open de verkoop opnieuw en beoordeel hem zoals hij nu is.'
const seenSeq = z
  .number({ message: SEEN_SEQ_MISSING })
  .int({ message: SEEN_SEQ_MISSING })
  .min(0, { message: SEEN_SEQ_MISSING })

/**
 * POST /api/gold-estates/sales/:id/approve: "Goedkeuren". `seq` is the sale as the approver
 * saw it: an approval (perhaps queued offline) of a sale changed since is refused, so a
 * split its SELLER rewrote meanwhile is never approved unseen.
 */
export const SaleApproveSchema = z.object({ seq: seenSeq })

/** The reason of "Afwijzen" alone, as the dialog checks it before sending. */
export const SaleRejectReasonSchema = z.object({
  reason: z
    .string({ message: 'Geef een reden op' })
    .trim()
    .min(3, { message: 'Geef een reden van minstens 3 tekens op' })
    .max(500, { message: 'De reden mag hoogstens 500 tekens zijn' }),
})

/**
 * POST /api/gold-estates/sales/:id/reject: "Afwijzen", back to its SELLER with the reason;
 * `seq` as for an approval, so a split rewritten meanwhile is not sent back unseen.
 */
export const SaleRejectSchema = SaleRejectReasonSchema.extend({ seq: seenSeq })

/** POST /api/gold-estates/commissions/:id/payments and a replicated part: one payment part. */
export const PaymentPartSchema = z.object({
  amount: cents.min(1, { message: 'Bedrag moet groter dan nul zijn' }),
  paidOn: DateOnlySchema,
  note: optionalText(500),
})

/** PATCH /api/gold-estates/commissions/:id. */
export const CommissionStatusSchema = z.object({
  /** paid (a clawback: settled) books what is still open as one part; pending undoes every part. */
  status: z.enum(['paid', 'settled', 'pending']),
})

/** The refusal of a plausible commission bound outside (0, 100]. */
export const PLAUSIBLE_COMMISSION_TEXT =
  'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'

/** PATCH /api/gold-estates/settings (docs/behaviour.md, Gold Estates: Settings). */
export const SalesSettingsUpdateSchema = z
  .object({
    xmsEnabled: z.boolean(),
    xmsWebhookUrl: z
      .url({ protocol: /^https?$/, message: 'Voer een geldige URL in' })
      .max(2048)
      .nullable(),
    xmsApiKey: optionalText(500),
    xmsLocationId: optionalText(200),
    xmsPipelineId: optionalText(200),
    /** Each new sale by mail to the default recipient (docs/behaviour.md, Meldingen per e-mail). */
    notificationsEnabled: z.boolean(),
    defaultRecipientEmail: z.email({ message: 'Voer een geldig e-mailadres in' }).nullable(),
    defaultRecipientPhone: optionalText(40),
    subdomain: optionalText(253),
    paymentTermDays: z.number().int().min(0).max(365),
    currency: z.enum(['EUR', 'USD', 'GBP']),
    plausibleCommissionPercentage: z
      .number({ message: PLAUSIBLE_COMMISSION_TEXT })
      .min(PLAUSIBLE_COMMISSION_RANGE.min, { message: PLAUSIBLE_COMMISSION_TEXT })
      .max(PLAUSIBLE_COMMISSION_RANGE.max, { message: PLAUSIBLE_COMMISSION_TEXT })
      .refine(hasPercentageDecimals, { message: 'Percentage heeft hoogstens vier decimalen' }),
  })
  .partial()

/** Dashboard filters (docs/behaviour.md): YYYY-MM-DD dates; 'all' is sent as absent. */
export const DashboardQuerySchema = z.object({
  dateFrom: DateOnlySchema.optional(),
  dateTo: DateOnlySchema.optional(),
  sellerId: id.optional(),
  projectId: id.optional(),
  projectLabel: text(80).optional(),
  /** One page of the sales list; the totals always cover every sale in the filter. */
  salesListOffset: z.coerce.number().int().min(0).default(0),
  salesListLimit: z.coerce.number().int().min(1).max(1000).default(100),
  upcomingLimit: z.coerce.number().int().min(1).max(1000).default(100),
})

/** The replicated projection of a project. */
export type ProjectDocument = {
  id: string
  name: string
  location: string | null
  type: string | null
  label: string | null
  description: string | null
  totalUnits: number | null
  /** Counted from the organisation's sales by the server. */
  soldUnits: number
  status: string
  createdAt: number
  updatedAt: number
  seq: number
}

/** The replicated projection of a seller. */
export type SellerDocument = {
  id: string
  name: string
  email: string | null
  phone: string | null
  role: string | null
  status: string
  userId: string | null
  createdAt: number
  updatedAt: number
  seq: number
}

/** The replicated projection of a sale. `commissions` is the payload's lines, for creation. */
export type SaleDocument = {
  id: string
  projectId: string
  clientName: string
  clientEmail: string | null
  clientPhone: string | null
  propertyNumber: string
  saleDate: string
  deliveryDate: string | null
  salePrice: number
  commissionPercentage: number
  commissionAmount: number
  totalCosts: number
  costsDescription: string | null
  discountPercentage: number
  /** 'completed', or 'cancelled' after "Verkoop annuleren". */
  status: string
  notes: string | null
  createdBy: string | null
  createdAt: number
  updatedAt: number
  seq: number
  /** The split as last corrected; null: as the sale's own lines say. */
  splits: SaleSplit[] | null
  cancelReason: string | null
  cancelledAt: number | null
  /** Paid so far on the sale's lines, in cents (set by the server). */
  paidTotal: number
  /**
   * The review of a SELLER's unusual split (schema/sale-review.ts), set by the server:
   * null approved, 'pending' "Ter beoordeling", 'rejected' sent back with its reason.
   */
  reviewStatus: 'pending' | 'rejected' | null
  /** Why an approver sent the sale back ("Afwijzen"); null otherwise. */
  reviewReason: string | null
  reviewedBy: string | null
  reviewedAt: number | null
  /** The server filled the lines from commission plans (decision 039). */
  fromPlan: boolean
}

/** One line of a sale's split. */
export type SaleSplit = z.infer<typeof SaleSplitSchema>

/** The replicated projection of a commission line. */
export type CommissionDocument = {
  id: string
  saleId: string
  sellerId: string
  commissionType: (typeof COMMISSION_TYPES)[number]
  role: string | null
  commissionPercentage: number
  commissionAmount: number
  /** pending → paid (a clawback: pending → settled); cancelled with its sale. */
  status: string
  expectedPaymentDate: string | null
  paidAt: number | null
  createdAt: number
  updatedAt: number
  seq: number
  /** The sale's own split, a correction's difference, or money owed back. */
  kind: 'commission' | 'adjustment' | 'clawback'
  /** Sum of the line's payment parts, in the direction of commissionAmount. */
  paidAmount: number
  /** The paid line a clawback answers. */
  sourceId: string | null
  /** The commission plan version that made the line (decision 039); null: typed by hand. */
  planVersionId: string | null
  /** 0 the plan's base share, n its n-th tier; null: typed by hand. */
  planTier: number | null
  /** Why the line is what it is beyond its share: a tier crossed, a cap reached. */
  planNote: string | null
}

/**
 * A sale as the sync protocol carries it to a device: with the live lines its reader may
 * see, oldest first (decision 013). A line's change gives its sale a new seq.
 */
export type SyncedSaleDocument = SaleDocument & { lines: CommissionDocument[] }

/** The replicated projection of a payment part. */
export type CommissionPaymentDocument = {
  id: string
  commissionId: string
  saleId: string
  sellerId: string
  amount: number
  paidOn: string
  note: string | null
  createdBy: string | null
  createdAt: number
  updatedAt: number
  seq: number
}

/** The id of a project, seller, sale, line or payment part in a URL. */
export const SalesIdParamSchema = z.object({ id: z.string().min(1).max(64) })
