import type { RxJsonSchema } from 'rxdb'
import type { PlanVersion } from '../commission-plans.ts'
import { PLAN_EXTRA_TYPES, PLAN_MODES, PLAN_PERIODS } from '../commission-plans.ts'
import { DATE_ONLY, ID, PERCENTAGE, STAMP_KEYS, STAMPS } from './fields.ts'

// Commission plans as devices hold them (decision 040): read-only copies of the server's
// plans, versions, placements and project rates, for the wizard's proposal and a seller's
// position offline. The server writes them alone (REST, the sales ADMIN).

type Stamps = { createdAt: number; updatedAt: number; seq: number }

/** A plan's name; its terms are its versions. */
export type CommissionPlanDocument = { id: string; name: string } & Stamps
/** One version of a plan's terms, as schema/plan-arithmetic.ts reads it. */
export type PlanVersionDocument = PlanVersion & Stamps
/** A seller on a plan from a date. */
export type PlanPlacementDocument = {
  id: string
  sellerId: string
  planId: string
  from: string
} & Stamps
/** A project's own percentage and/or plan from a date. */
export type ProjectRateDocument = {
  id: string
  projectId: string
  from: string
  commissionPercentage: number | null
  planId: string | null
} & Stamps

const CENTS_OR_NULL = { type: ['number', 'null'], minimum: 0, multipleOf: 1 } as const

export const commissionPlanSchema: RxJsonSchema<CommissionPlanDocument> = {
  title: 'commission plans',
  description: 'Commission plans by name (decision 040); read-only on devices.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: ID, name: { type: 'string', maxLength: 120 }, ...STAMPS },
  required: ['id', 'name', ...STAMP_KEYS],
  additionalProperties: false,
}

const TIER = {
  type: 'object',
  properties: { fromVolume: { type: 'number', minimum: 0 }, share: PERCENTAGE },
  required: ['fromVolume', 'share'],
  additionalProperties: false,
} as const

export const planVersionSchema: RxJsonSchema<PlanVersionDocument> = {
  title: 'commission plan versions',
  description: "One version of a plan's terms from a date; never rewritten.",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    planId: ID,
    from: DATE_ONLY,
    period: { type: 'string', enum: [...PLAN_PERIODS] },
    mode: { type: 'string', enum: [...PLAN_MODES] },
    roles: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        properties: {
          role: { type: 'string', maxLength: 60 },
          share: PERCENTAGE,
          tiers: { type: 'array', maxItems: 20, items: TIER },
        },
        required: ['role', 'share', 'tiers'],
        additionalProperties: false,
      },
    },
    capPerPeriod: CENTS_OR_NULL,
    extras: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          commissionType: { type: 'string', enum: [...PLAN_EXTRA_TYPES] },
          share: PERCENTAGE,
          capPerPeriod: CENTS_OR_NULL,
        },
        required: ['commissionType', 'share', 'capPerPeriod'],
        additionalProperties: false,
      },
    },
    ...STAMPS,
  },
  required: [
    'id',
    'planId',
    'from',
    'period',
    'mode',
    'roles',
    'capPerPeriod',
    'extras',
    ...STAMP_KEYS,
  ],
  additionalProperties: false,
}

export const planPlacementSchema: RxJsonSchema<PlanPlacementDocument> = {
  title: 'plan placements',
  description: 'A seller on a plan from a date; a SELLER holds only their own.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: ID, sellerId: ID, planId: ID, from: DATE_ONLY, ...STAMPS },
  required: ['id', 'sellerId', 'planId', 'from', ...STAMP_KEYS],
  additionalProperties: false,
}

export const projectRateSchema: RxJsonSchema<ProjectRateDocument> = {
  title: 'project rates',
  description: "A project's own commission percentage and/or plan from a date.",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    projectId: ID,
    from: DATE_ONLY,
    commissionPercentage: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    planId: { type: ['string', 'null'], maxLength: 64 },
    ...STAMPS,
  },
  required: ['id', 'projectId', 'from', 'commissionPercentage', 'planId', ...STAMP_KEYS],
  additionalProperties: false,
}
