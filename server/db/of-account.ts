import { and, type Column, eq } from 'drizzle-orm'
import type { AccountKind } from '#schema/db/system'

/** The columns that name an account: ids are unique within an organisation only, so all three. */
type AccountColumns = { kind: Column; organisationId: Column; userId: Column }

/**
 * The rows of one account in a table of the system file or of the system directory (either
 * engine). `account` may be another table's columns: the rows of the same account as its row.
 */
export function ofAccount(
  table: AccountColumns,
  account: { kind: AccountKind | Column; organisationId: string | Column; userId: string | Column },
) {
  return and(
    eq(table.kind, account.kind),
    eq(table.organisationId, account.organisationId),
    eq(table.userId, account.userId),
  )
}
