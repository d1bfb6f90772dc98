import { and, eq } from 'drizzle-orm'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'

/** The app connection with this id; 404 when missing or deleted. */
export function requireLiveAppConnection(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const app = ctx.db
    .select()
    .from(appConnections)
    .where(and(eq(appConnections.id, id), eq(appConnections.deleted, false)))
    .get()
  if (!app) throw new AppError('not_found', 'App niet gevonden')
  return app
}
