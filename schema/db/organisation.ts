import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import type { ActivityType } from '../activity-types.ts'
import { DEFAULT_PAYMENT_TERM_DAYS } from '../payment-term.ts'
import { DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE } from '../plausible-commission.ts'
import type { SalesRole, UserRole, UserStatus } from '../roles.ts'
import { replicatedColumns } from './replicated-columns.ts'

/** One line of a sale's commission split, as a correction states it. */
export type SaleSplit = {
  sellerId: string
  role: string | null
  commissionType: 'sales' | 'referral' | 'manager' | 'director'
  commissionPercentage: number
}

// Everything of one organisation lives in DATA_DIR/orgs/<organisationId>.sqlite.
// Money is integer cents; timestamps are epoch milliseconds; calendar dates are
// 'YYYY-MM-DD' text (a sale date has no time zone).
// The code spells organisation the British way; the SQL names keep the American spelling
// they were created with (the column organization_id, the table organization_profile), so
// every existing file opens without a migration (decision 020).

/** The per-file replication counter: one row, bumped inside every replicated write. */
export const replicationCounter = sqliteTable('replication_counter', {
  id: integer().primaryKey(),
  value: integer().notNull(),
})

/** Central users. Replicated as a projection without secrets. */
export const users = sqliteTable(
  'users',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    name: text().notNull(),
    email: text().notNull(),
    role: text().$type<UserRole>().notNull().default('USER'),
    status: text().$type<UserStatus>().notNull().default('active'),
    authMethod: text().notNull().default('email'),
    passwordHash: text(),
    phoneNumber: text(),
    /** The OpenID Connect subject of the user's SSO account (the wire name replitId). */
    oidcSubject: text(),
    profileImageUrl: text(),
    setupCompleted: integer({ mode: 'boolean' }).notNull().default(false),
    setupTokenHash: text(),
    setupTokenExpires: integer(),
    emailNotifications: integer({ mode: 'boolean' }).notNull().default(true),
    activityAlerts: integer({ mode: 'boolean' }).notNull().default(true),
    /** Created through /register, not by an administrator: SSO never links to it by e-mail. */
    selfRegistered: integer({ mode: 'boolean' }).notNull().default(false),
    /** Registered while REGISTRATION=approval and not yet approved on Gebruikers. */
    awaitingApproval: integer({ mode: 'boolean' }).notNull().default(false),
    lastActive: integer(),
    createdAt: integer().notNull(),
  },
  (table) => [
    // Tombstoned users keep their row for replication but free their e-mail.
    uniqueIndex('users_email_live').on(table.email).where(sql`deleted = 0`),
    uniqueIndex('users_oidc_subject').on(table.oidcSubject),
    uniqueIndex('users_setup_token').on(table.setupTokenHash),
  ],
)

/** Named permissions the server checks (seeded from schema/permissions.ts). */
export const permissions = sqliteTable('permissions', {
  id: text().primaryKey(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
  category: text().notNull(),
  appContext: text().notNull().default('centraal'),
  createdAt: integer().notNull(),
})

/** Roles: the four system roles, and room for an organisation's own. */
export const roles = sqliteTable('roles', {
  id: text().primaryKey(),
  organisationId: text('organization_id').notNull(),
  name: text().notNull(),
  description: text(),
  appContext: text().notNull().default('centraal'),
  isSystemRole: integer({ mode: 'boolean' }).notNull().default(false),
  systemRoleType: text(),
  status: text().notNull().default('active'),
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
})

/** What a role grants. */
export const rolePermissions = sqliteTable(
  'role_permissions',
  {
    role: text().notNull(),
    roleId: text().notNull(),
    permissionId: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
)

/** Per-user grants (granted = true) and withdrawals (granted = false) on top of the role. */
export const userPermissions = sqliteTable(
  'user_permissions',
  {
    userId: text().notNull(),
    permissionId: text().notNull(),
    granted: integer({ mode: 'boolean' }).notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permissionId] })],
)

/** External apps connected to the organisation. */
export const appConnections = sqliteTable('app_connections', {
  ...replicatedColumns(),
  organisationId: text('organization_id').notNull(),
  name: text().notNull(),
  description: text(),
  url: text().notNull(),
  externalId: text(),
  icon: text(),
  status: text().notNull().default('active'),
  users: integer().notNull().default(0),
  lastSync: integer(),
  syncStatus: text(),
  apiKeyHash: text(),
  createdAt: integer().notNull(),
})

/** The catalogue of apps that can be launched (Gold Estates). */
export const apps = sqliteTable('apps', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text(),
  status: text().notNull().default('active'),
  users: integer().notNull().default(0),
  icon: text(),
})

/** The activity log: every change appends one. Read-only for clients. */
export const activities = sqliteTable(
  'activities',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    /** Display name of who did it. */
    user: text().notNull(),
    userId: text(),
    action: text().notNull(),
    target: text(),
    timestamp: integer().notNull(),
    type: text().$type<ActivityType>().notNull(),
    metadata: text({ mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (table) => [index('activities_timestamp').on(table.timestamp)],
)

/** Organisation profile and preferences kept with the organisation's data. */
export const organisationProfile = sqliteTable('organization_profile', {
  id: text().primaryKey(),
  name: text().notNull(),
  contactEmail: text(),
  updatedAt: integer().notNull(),
})

/** Backup settings, one row per organisation. Tokens are stored encrypted. */
export const backupSettings = sqliteTable('backup_settings', {
  organisationId: text('organization_id').primaryKey(),
  googleDriveEnabled: integer({ mode: 'boolean' }).notNull().default(false),
  googleDriveFolderId: text(),
  googleDriveFolderName: text(),
  googleAccessToken: text(),
  googleRefreshToken: text(),
  autoBackupEnabled: integer({ mode: 'boolean' }).notNull().default(false),
  backupSchedule: text().notNull().default('0 2 * * *'),
  backupFormats: text().notNull().default('json,csv'),
  retentionDays: integer().notNull().default(30),
  lastBackupAt: integer(),
  lastBackupStatus: text(),
  lastBackupError: text(),
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
})

/**
 * Replicated writes the server refused, with their reason and the values the person wrote;
 * bounded per person and pruned after SYNC_REFUSAL_MAX_AGE_MS (server/jobs/prune-kept-records.ts).
 */
export const syncQueue = sqliteTable(
  'sync_queue',
  {
    id: text().primaryKey(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    operation: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    payload: text({ mode: 'json' }).$type<Record<string, unknown>>(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    createdAt: integer().notNull(),
    syncedAt: integer(),
    error: text(),
  },
  (table) => [
    index('sync_queue_status').on(table.status),
    // A person's refusals newest first (the bound per person) and the oldest of all (pruning).
    index('sync_queue_person').on(table.userId, table.createdAt, table.id),
    index('sync_queue_created_at').on(table.createdAt),
  ],
)

/** Usage per app connection per day and metric. */
export const usageTracking = sqliteTable(
  'usage_tracking',
  {
    id: text().primaryKey(),
    organisationId: text('organization_id').notNull(),
    appConnectionId: text().notNull(),
    date: text().notNull(),
    metric: text().notNull(),
    value: real().notNull(),
    cost: integer().notNull().default(0),
    metadata: text({ mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('usage_tracking_day').on(table.appConnectionId, table.date, table.metric),
  ],
)

/**
 * Processed Idempotency-Key values, written in the same transaction as the effect; pruned
 * after IDEMPOTENCY_RECORD_MAX_AGE_MS (server/jobs/prune-kept-records.ts).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    key: text().primaryKey(),
    userId: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    response: text(),
    createdAt: integer().notNull(),
  },
  (table) => [index('idempotency_keys_created_at').on(table.createdAt)],
)

// ── Gold Estates ──────────────────────────────────────────────────────────────

/** Sales projects. */
export const salesProjects = sqliteTable('sales_projects', {
  ...replicatedColumns(),
  organisationId: text('organization_id').notNull(),
  name: text().notNull(),
  location: text(),
  type: text(),
  label: text(),
  description: text(),
  totalUnits: integer(),
  soldUnits: integer().notNull().default(0),
  status: text().notNull().default('active'),
  createdAt: integer().notNull(),
})

/** Sellers: members of the sales team, optionally with a sales sign-in (userId). */
export const salesSellers = sqliteTable('sales_sellers', {
  ...replicatedColumns(),
  organisationId: text('organization_id').notNull(),
  userId: text(),
  name: text().notNull(),
  email: text(),
  phone: text(),
  /** Team role: setter, ISA, closer or free text. */
  role: text(),
  status: text().notNull().default('active'),
  createdAt: integer().notNull(),
})

/** Property sales. Money in cents; dates 'YYYY-MM-DD'. */
export const sales = sqliteTable(
  'sales',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    projectId: text().notNull(),
    clientName: text().notNull(),
    clientEmail: text(),
    clientPhone: text(),
    propertyNumber: text().notNull(),
    saleDate: text().notNull(),
    deliveryDate: text(),
    salePrice: integer().notNull(),
    commissionPercentage: real().notNull(),
    commissionAmount: integer().notNull(),
    totalCosts: integer().notNull().default(0),
    costsDescription: text(),
    discountPercentage: real().notNull().default(0),
    discountAmount: integer().notNull().default(0),
    discountGoldEstates: integer().notNull().default(0),
    discountSellers: integer().notNull().default(0),
    status: text().notNull().default('pending'),
    xmsSynced: integer({ mode: 'boolean' }).notNull().default(false),
    xmsOpportunityId: text(),
    notificationsSent: integer({ mode: 'boolean' }).notNull().default(false),
    notes: text(),
    createdBy: text(),
    createdAt: integer().notNull(),
    /**
     * The commission split as last corrected: sellerId, role, type and percentage per line
     * (JSON). Null until the first correction: the sale's own commission lines say it.
     */
    splits: text({ mode: 'json' }).$type<SaleSplit[]>(),
    /** Why the sale was cancelled ("Verkoop annuleren"); null while it stands. */
    cancelReason: text(),
    cancelledAt: integer(),
    /**
     * What has been paid on the sale's lines so far, in cents (server-set). A correction
     * carries the total its author saw, so one made against an older state of payments
     * is refused instead of silently turned into adjustments.
     */
    paidTotal: integer().notNull().default(0),
    /**
     * The review of a SELLER's unusual split (schema/sale-review.ts), server-set: null
     * approved (or never needed), 'pending' "Ter beoordeling", 'rejected' sent back with
     * `reviewReason`. Its lines are neither paid nor counted until it is null.
     */
    reviewStatus: text().$type<'pending' | 'rejected'>(),
    reviewReason: text(),
    reviewedBy: text(),
    reviewedAt: integer(),
    /**
     * Whether the server filled the sale's lines from commission plans (a registration with
     * `team`, decision 039): only such sales get a tier crossing's adjustment lines. A
     * correction by hand makes it false.
     */
    fromPlan: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    // With `deleted` and `status`, counting a project's live, not cancelled sales
    // (soldUnits, on every sale) reads the index alone: without `status` every sale of the
    // project was read, for each sale an import of thousands registers.
    index('sales_project').on(table.projectId, table.deleted, table.status),
    index('sales_date').on(table.saleDate),
  ],
)

/** Commission lines of a sale. */
export const commissions = sqliteTable(
  'commissions',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    saleId: text().notNull(),
    sellerId: text().notNull(),
    commissionType: text()
      .$type<'sales' | 'referral' | 'manager' | 'director'>()
      .notNull()
      .default('sales'),
    role: text(),
    commissionPercentage: real().notNull(),
    commissionAmount: integer().notNull(),
    /** pending → paid (a clawback: pending → settled); cancelled with its sale. */
    status: text().notNull().default('pending'),
    expectedPaymentDate: text(),
    paidAt: integer(),
    createdAt: integer().notNull(),
    /** The sale's own split, a correction's difference, or money owed back. */
    kind: text().$type<'commission' | 'adjustment' | 'clawback'>().notNull().default('commission'),
    /** Sum of the line's payment parts, in the direction of commissionAmount (cents). */
    paidAmount: integer().notNull().default(0),
    /** The paid line a clawback answers. */
    sourceId: text(),
    /** The commission plan version that made the line (decision 039); null: typed by hand. */
    planVersionId: text(),
    /** 0 the plan's base share, n its n-th tier. */
    planTier: integer(),
    /** Why the line is what it is beyond its share: a tier crossed, a cap reached. */
    planNote: text(),
  },
  (table) => [
    index('commissions_sale').on(table.saleId),
    index('commissions_seller').on(table.sellerId),
  ],
)

/**
 * Payment parts of a commission line: a line may be paid in instalments. Undoing a part
 * deletes it (a tombstone). The line's paidAmount and status follow from its live parts.
 */
export const commissionPayments = sqliteTable(
  'commission_payments',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    commissionId: text().notNull(),
    saleId: text().notNull(),
    sellerId: text().notNull(),
    /** Always positive; on a clawback it is money received back. */
    amount: integer().notNull(),
    paidOn: text().notNull(),
    note: text(),
    createdBy: text(),
    createdAt: integer().notNull(),
  },
  (table) => [
    index('commission_payments_line').on(table.commissionId),
    index('commission_payments_seller').on(table.sellerId),
  ],
)

/**
 * Sales that came from a spreadsheet import, by the row's identity (project, property
 * number, sale date and client, normalised), so importing the same sheet again skips them.
 * Written in the same savepoint as the sale. Not replicated: only the importer reads it.
 */
export const salesImportKeys = sqliteTable('sales_import_keys', {
  key: text().primaryKey(),
  saleId: text().notNull(),
  /** Where the row came from: 'sheets:<spreadsheet id>' or 'upload:<file name>'. */
  source: text().notNull(),
  createdAt: integer().notNull(),
})

/** A central user's access to another app (the Gold Estates launch). */
export const crossAppAccess = sqliteTable('cross_app_access', {
  id: text().primaryKey(),
  centraalUserId: text().notNull(),
  targetApp: text().notNull(),
  targetUserId: text().notNull(),
  grantedBy: text(),
  grantedAt: integer().notNull(),
  expiresAt: integer(),
  lastAccessedAt: integer(),
  accessCount: integer().notNull().default(0),
  status: text().notNull().default('active'),
})

/** Gold Estates settings, one row per organisation. */
export const salesSettings = sqliteTable('sales_settings', {
  organisationId: text('organization_id').primaryKey(),
  xmsWebhookUrl: text(),
  xmsApiKey: text(),
  xmsLocationId: text(),
  xmsPipelineId: text(),
  xmsEnabled: integer({ mode: 'boolean' }).notNull().default(false),
  notificationsEnabled: integer({ mode: 'boolean' }).notNull().default(true),
  defaultRecipientEmail: text(),
  defaultRecipientPhone: text(),
  subdomain: text(),
  paymentTermDays: integer().notNull().default(DEFAULT_PAYMENT_TERM_DAYS),
  currency: text().notNull().default('EUR'),
  /** A sale's commission % above it is listed for the sales ADMIN to check ('2,5' stored as 25). */
  plausibleCommissionPercentage: real().notNull().default(DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE),
  updatedAt: integer().notNull(),
})

/**
 * Gold Estates accounts: sign-ins (address and password, unique by address within the
 * organisation) and the accounts LAUNCH APP opens for a central user (`centraalUserId`,
 * found by that id only, never by address).
 */
export const salesUsers = sqliteTable(
  'sales_users',
  {
    id: text().primaryKey(),
    organisationId: text('organization_id').notNull(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    role: text().$type<SalesRole>().notNull().default('SELLER'),
    centraalUserId: text(),
    status: text().$type<UserStatus>().notNull().default('active'),
    setupTokenHash: text(),
    setupTokenExpires: integer(),
    lastLogin: integer(),
    /** "E-mailmeldingen": any notification mail at all (the List-Unsubscribe turns it off). */
    emailNotifications: integer({ mode: 'boolean' }).notNull().default(true),
    /** "Activiteitsmeldingen": mail about others' work (an approver's daily digest). */
    activityAlerts: integer({ mode: 'boolean' }).notNull().default(true),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (table) => [
    uniqueIndex('sales_users_email').on(table.email).where(sql`centraal_user_id is null`),
  ],
)

/** CRM lead webhook deliveries waiting or done. */
export const webhookOutbox = sqliteTable(
  'webhook_outbox',
  {
    id: text().primaryKey(),
    saleId: text().notNull().unique(),
    payload: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull(),
    lastError: text(),
    createdAt: integer().notNull(),
    deliveredAt: integer(),
  },
  (table) => [index('webhook_outbox_due').on(table.status, table.nextAttemptAt)],
)

/** What a notification mail is about (docs/behaviour.md, Meldingen per e-mail). */
export type NotificationKind =
  | 'sale-review-pending'
  | 'sale-approved'
  | 'sale-rejected'
  | 'commission-paid'
  | 'sale-registered'
  | 'review-digest'

/** Who a notification is for: a Gold Estates account, or the sales settings' default recipient. */
export type NotificationRecipientKind = 'sales-user' | 'default-recipient'

/**
 * Notification mail about what happens in the organisation, written in the same
 * transaction as its cause and sent after commit by server/jobs/deliver-mail.ts, which
 * folds the due rows of one recipient into one mail. `payload` is what the mail says,
 * limited at queueing to what its recipient may read; the mail is rendered at sending.
 * What was sent is remembered in the system file too (mail_sent), so a restored older
 * file does not send it again. `heldUntil` keeps an import's rows back until it ends.
 */
export const notificationOutbox = sqliteTable(
  'notification_outbox',
  {
    id: text().primaryKey(),
    kind: text().$type<NotificationKind>().notNull(),
    recipientKind: text().$type<NotificationRecipientKind>().notNull(),
    /** The sales_users id of a 'sales-user' recipient. */
    recipientId: text(),
    recipient: text().notNull(),
    payload: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** An import's rows carry its id until it ends (releaseHeldNotifications). */
    batch: text(),
    /** `kept`: without SMTP_URL, handed to the system outbox for the outbox page instead. */
    status: text()
      .$type<'pending' | 'sent' | 'failed' | 'skipped' | 'kept'>()
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull(),
    lastError: text(),
    messageId: text(),
    createdAt: integer().notNull(),
    sentAt: integer(),
  },
  (table) => [
    index('notification_outbox_due').on(table.status, table.nextAttemptAt),
    index('notification_outbox_batch').on(table.batch),
  ],
)

// ── Commission plans (decision 039) ──────────────────────────────────────────

/** A commission plan: its name; its terms are its versions. */
export const commissionPlans = sqliteTable('commission_plans', {
  ...replicatedColumns(),
  organisationId: text('organization_id').notNull(),
  name: text().notNull(),
  createdBy: text(),
  createdAt: integer().notNull(),
})

/** One version of a plan's terms, in force from a date; never rewritten once stored. */
export const commissionPlanVersions = sqliteTable(
  'commission_plan_versions',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    planId: text().notNull(),
    effectiveFrom: text().notNull(),
    period: text().$type<'year' | 'quarter'>().notNull(),
    mode: text().$type<'marginal' | 'retroactive'>().notNull(),
    roles: text({ mode: 'json' })
      .$type<{ role: string; share: number; tiers: { fromVolume: number; share: number }[] }[]>()
      .notNull(),
    capPerPeriod: integer(),
    extras: text({ mode: 'json' })
      .$type<
        {
          commissionType: 'referral' | 'manager' | 'director'
          share: number
          capPerPeriod: number | null
        }[]
      >()
      .notNull(),
    createdBy: text(),
    createdAt: integer().notNull(),
  },
  (table) => [uniqueIndex('commission_plan_versions_from').on(table.planId, table.effectiveFrom)],
)

/** A seller on a plan from a date; the history is kept. */
export const sellerPlacements = sqliteTable(
  'seller_plan_placements',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    sellerId: text().notNull(),
    planId: text().notNull(),
    effectiveFrom: text().notNull(),
    createdBy: text(),
    createdAt: integer().notNull(),
  },
  (table) => [uniqueIndex('seller_plan_placements_from').on(table.sellerId, table.effectiveFrom)],
)

/** A project's own commission percentage and/or plan from a date. */
export const projectRates = sqliteTable(
  'sales_project_rates',
  {
    ...replicatedColumns(),
    organisationId: text('organization_id').notNull(),
    projectId: text().notNull(),
    effectiveFrom: text().notNull(),
    commissionPercentage: real(),
    planId: text(),
    createdBy: text(),
    createdAt: integer().notNull(),
  },
  (table) => [uniqueIndex('sales_project_rates_from').on(table.projectId, table.effectiveFrom)],
)
