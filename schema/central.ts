import type { ActivityType } from './activity-types.ts'
import { emailAddress } from './email-address.ts'
import { UserRoleSchema, UserStatusSchema } from './role-schemas.ts'
import { z } from './zod.ts'

// Payloads of the central data calls (docs/behaviour.md) and the documents that replicate
// (docs/architecture.md, Replication). Documents carry no secrets.

const name = z.string().trim().min(2, { message: 'Naam moet minimaal 2 karakters zijn' }).max(120)
const email = emailAddress('Voer een geldig e-mailadres in')

/** POST /api/users and a user created through replication. */
export const UserCreateSchema = z.object({
  name,
  email,
  role: UserRoleSchema.default('USER'),
  status: UserStatusSchema.default('active'),
})

/** PATCH /api/users/:id. */
export const UserUpdateSchema = z
  .object({ name, role: UserRoleSchema, status: UserStatusSchema })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Geen wijzigingen opgegeven' })

const url = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Voer een geldige URL in' }))

/** App connection statuses (docs/behaviour.md, Validation rules and messages); anything else shows as Inactief. */
export const APP_STATUSES = ['active', 'inactive', 'syncing', 'error'] as const

const appConnectionFields = {
  name: z.string().trim().min(1, { message: 'Naam is verplicht' }).max(120),
  url,
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value || null),
  status: z.enum(APP_STATUSES),
}

/** POST /api/app-connections and an app created through replication. */
export const AppConnectionCreateSchema = z.object({
  ...appConnectionFields,
  status: appConnectionFields.status.default('active'),
})

/**
 * PATCH /api/app-connections/:id: only the fields sent (the create's defaults would put a
 * missing status back to active).
 */
export const AppConnectionUpdateSchema = z
  .object(appConnectionFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Geen wijzigingen opgegeven' })

/** PATCH /api/organisation. */
export const OrganisationUpdateSchema = z
  .object({
    name: z.string().trim().min(2, { message: 'Naam moet minimaal 2 karakters zijn' }).max(120),
    contactEmail: email.nullable(),
  })
  .partial()

/** A route's :id: a UUID. */
export const IdParamSchema = z.object({ id: z.uuid({ message: 'Ongeldig id' }) })

/** Who a user is, as every view of them names it: the signed-in user and the replicated one. */
export type UserFields = {
  id: string
  name: string
  email: string
  role: z.infer<typeof UserRoleSchema>
  status: z.infer<typeof UserStatusSchema>
}

/** The replicated projection of a user. */
export type UserDocument = UserFields & {
  lastActive: number | null
  createdAt: number
  updatedAt: number
  seq: number
}

/** The replicated projection of an app connection. */
export type AppConnectionDocument = {
  id: string
  name: string
  url: string
  description: string | null
  status: string
  users: number
  lastSync: number | null
  createdAt: number
  updatedAt: number
  seq: number
}

/** The replicated projection of an activity (read-only for clients). */
export type ActivityDocument = {
  id: string
  type: ActivityType
  user: string
  action: string
  target: string | null
  timestamp: number
  updatedAt: number
  seq: number
}

/** GET /api/stats. */
export type Stats = {
  totalUsers: number
  activeUsers: number
  totalApps: number
  activeApps: number
  recentActivities: number
  /** Of today's users, those who were there before this month began (Amsterdam time). */
  usersAtMonthStart: number
  /** Today's users against usersAtMonthStart, in %; null without users before this month. */
  userGrowthPercentage: number | null
}

/** POST /api/organisations. */
export const OrganisationCreateSchema = z.object({
  name: z.string().trim().min(2, { message: 'Naam moet minimaal 2 karakters zijn' }).max(120),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, {
      message: 'Gebruik kleine letters, cijfers en streepjes (bijv. acme-bv)',
    }),
})

/** POST /api/organisations/:id/invite: the organisation's owner (a SUPERADMIN of it). */
export const OrganisationInviteSchema = z.object({ name, email })

/** :id of an organisation. */
export const OrganisationIdParamSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { message: 'Ongeldig organisatie-id' }),
})

/** GET /api/profile/notifications: the signed-in user's own notification switches. */
export type NotificationPreferences = { emailNotifications: boolean; activityAlerts: boolean }

/** PATCH /api/profile/notifications: one switch or both. */
export const NotificationPreferencesUpdateSchema = z
  .object({ emailNotifications: z.boolean(), activityAlerts: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Geen wijzigingen opgegeven' })

/** GET /api/users/registrations: a self-registered account waiting for approval. */
export type WaitingRegistration = { id: string; name: string; email: string; createdAt: number }
