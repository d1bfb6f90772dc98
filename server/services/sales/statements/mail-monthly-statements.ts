import { and, eq } from 'drizzle-orm'
import { salesSellers, salesUsers, users } from '#schema/db/organisation'
import type { PermissionName } from '#schema/permissions'
import type { StatementPeriod } from '#schema/statements'
import type { AppDeps } from '../../../app-deps.ts'
import type { ServiceContext } from '../../../context.ts'
import { SALES_PREFIX } from '../../../http/sales-base.ts'
import { isMailQueued, queueSystemMail } from '../../../mail/queue-mail.ts'
import { renderStatementMail } from '../../../mail/statement-mail.tsx'
import { collectStatement } from './collect-statement.ts'
import { readOrganisationName } from './find-organisation-name.ts'
import { findSellersWithStatements } from './find-sellers-with-statements.ts'
import { MAX_STATEMENT_LINES } from './statement.ts'
import { getStatementFileName } from './statement-file-name.ts'

type Deps = Pick<
  AppDeps,
  'env' | 'systemDb' | 'directory' | 'organisations' | 'log' | 'heavyWorkPool'
>

const monthName = new Intl.DateTimeFormat('nl-NL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The calendar month before `at` (server time): its first and last day, and its name. */
export function findPreviousMonth(at: Date): {
  period: StatementPeriod
  key: string
  name: string
} {
  const first = new Date(Date.UTC(at.getFullYear(), at.getMonth() - 1, 1))
  const last = new Date(Date.UTC(at.getFullYear(), at.getMonth(), 0))
  const day = (date: Date) => date.toISOString().slice(0, 10)
  return {
    period: { dateFrom: day(first), dateTo: day(last) },
    key: day(first).slice(0, 7),
    name: monthName.format(first),
  }
}

/**
 * Where a seller's statement goes, and whether it may: the address of their own Gold
 * Estates sign-in (null while that is not active), else the seller's contact address.
 * The person's "E-mailmeldingen" switch decides: their Gold Estates sign-in's, and a
 * central account of the organisation with that address: either off, none.
 */
function findStatementRecipient(
  db: ReturnType<Deps['organisations']['get']>,
  seller: { email: string | null; userId: string | null },
) {
  const account = seller.userId
    ? db.select().from(salesUsers).where(eq(salesUsers.id, seller.userId)).get()
    : undefined
  // Their own Gold Estates "E-mailmeldingen" off: no statement by mail.
  if (account && (account.status !== 'active' || !account.emailNotifications)) return null
  const address = (account?.email ?? seller.email)?.toLowerCase()
  if (!address) return null
  const person = db
    .select({ emailNotifications: users.emailNotifications })
    .from(users)
    .where(and(eq(users.email, address), eq(users.deleted, false)))
    .get()
  return person && !person.emailNotifications ? null : address
}

/**
 * Mails each seller with commission activity in the month their own statement PDF (the
 * one they download themselves), through the system outbox with the key
 * `monthly-statement:<organisation>:<seller>:<YYYY-MM>`: run twice (two processes, a
 * restart, a catch-up), nobody gets it twice. Answers how many were queued now.
 */
export async function mailMonthlyStatements(deps: Deps, organisationId: string, at: Date) {
  const month = findPreviousMonth(at)
  const db = deps.organisations.get(organisationId)
  const sellers = findSellersWithStatements(db, month.period)
  if (sellers.length === 0) return 0
  const organisationName = readOrganisationName(db, organisationId)
  // The server reads each seller's statement as the sales ADMIN would; the mail goes to
  // that seller alone, so it names only their lines.
  const permissions = new Set<PermissionName>(['sales.register', 'sales.read.all'])
  let queued = 0
  for (const { id, lineCount } of sellers) {
    if (lineCount > MAX_STATEMENT_LINES) continue
    const dedupeKey = `monthly-statement:${organisationId}:${id}:${month.key}`
    // Queued by an earlier run (a restart, a catch-up): nothing to read or render again.
    if (isMailQueued(deps.systemDb, dedupeKey)) continue
    // Taken again per seller: the cache may have closed the file during an await.
    const current = deps.organisations.get(organisationId)
    const seller = current.select().from(salesSellers).where(eq(salesSellers.id, id)).get()
    const to = seller && seller.status === 'active' ? findStatementRecipient(current, seller) : null
    if (!seller || !to) continue
    const ctx: ServiceContext = {
      db: current,
      systemDb: deps.systemDb,
      directory: deps.directory,
      actor: { userId: null, name: 'Maandafrekening', role: null, organisationId, permissions },
    }
    const statement = collectStatement(ctx, id, month.period)
    // In the worker: a statement of thousands of lines takes pdf-lib seconds.
    const pdf = await deps.heavyWorkPool.renderStatementPdf(statement)
    const mail = await renderStatementMail(
      {
        organisationName,
        sellerName: statement.sellerName,
        monthName: month.name,
        currency: statement.currency,
        net: statement.totals.net,
        open: statement.totals.open,
        lineCount,
      },
      `${deps.env.PUBLIC_URL}${SALES_PREFIX}`,
    )
    const outboxId = queueSystemMail(deps, {
      ...mail,
      kind: 'monthly-statement',
      to,
      dedupeKey,
      attachments: [
        {
          filename: getStatementFileName(statement.sellerName, month.period),
          contentType: 'application/pdf',
          content: Buffer.from(pdf).toString('base64'),
        },
      ],
    })
    if (outboxId) queued++
  }
  return queued
}
