import { and, eq, sql } from 'drizzle-orm'
import { appConnections } from '#schema/db/organisation'
import { generateToken, hashToken } from '../../auth/tokens.ts'
import type { ServiceContext } from '../../context.ts'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import { prepareOnce } from '../../db/prepare-once.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requireLiveAppConnection } from '../app-connections/require-live-app-connection.ts'
import { requirePermission } from '../permissions/require-permission.ts'

// A key names its organisation (not secret) so the right file is opened; the random part
// is stored only as its hash.
const KEY_PATTERN = /^cen_([a-z0-9][a-z0-9-]{0,62})\.([a-z2-7]{32})$/

/** Creates or rotates an app connection's API key; the key is shown once. */
export function rotateAppApiKey(ctx: ServiceContext, appConnectionId: string) {
  requirePermission(ctx.actor, 'apps.write')
  const app = requireLiveAppConnection(ctx, appConnectionId)
  const apiKey = `cen_${ctx.actor.organisationId}.${generateToken()}`
  ctx.db.transaction((tx) => {
    tx.update(appConnections)
      .set({ apiKeyHash: hashToken(apiKey) })
      .where(eq(appConnections.id, app.id))
      .run()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: app.apiKeyHash ? 'API-sleutel vernieuwd' : 'API-sleutel aangemaakt',
      target: app.name,
    })
  })
  return { apiKey }
}

/** The organisation and app connection a Bearer key belongs to; 401 otherwise. */
export function authenticateAppKey(
  organisations: OrganisationCache,
  authorization: string | undefined,
) {
  const key = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? ''
  const organisationId = KEY_PATTERN.exec(key)?.[1]
  const refuse = () => new AppError('unauthenticated', 'Ongeldige of ontbrekende API-sleutel')
  if (!organisationId) throw refuse()
  let db: ReturnType<OrganisationCache['get']>
  try {
    db = organisations.get(organisationId)
  } catch {
    throw refuse()
  }
  const app = prepareOnce(db, 'app-of-api-key', () =>
    db
      .select({ id: appConnections.id })
      .from(appConnections)
      .where(
        and(
          eq(appConnections.apiKeyHash, sql.placeholder('keyHash')),
          eq(appConnections.deleted, false),
        ),
      )
      .prepare(),
  ).get({ keyHash: hashToken(key) })
  if (!app) throw refuse()
  return { db, organisationId, appConnectionId: app.id }
}
