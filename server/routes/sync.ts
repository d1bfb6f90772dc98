import type { Context } from 'hono'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import { EPOCH_HEADER } from '#sync/account'
import {
  formatSyncAccount,
  PullQuerySchema,
  PushBodySchema,
  type StreamMessage,
  SYNC_ACCOUNT_HEADER,
  SYNC_PROTOCOL_VERSION,
} from '#sync/protocol'
import type { ServerCollection } from '#sync/server/collection'
import { SERVER_COLLECTIONS } from '#sync/server/collections/index'
import { pullChanges } from '#sync/server/pull'
import { pushChanges } from '#sync/server/push'
import { findSessionUser } from '../auth/current-central-user.ts'
import { findSalesSessionUser, requireSalesContext } from '../auth/require-sales-context.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { readSessionToken } from '../auth/sessions.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { AppError } from '../http/app-error.ts'
import { otherAccountError } from '../http/require-named-account.ts'
import { validate } from '../http/validate.ts'
import { requireCurrentEpoch } from '../services/organisation-epoch/organisation-epoch.ts'

const CURRENT = `v${SYNC_PROTOCOL_VERSION}`
const HEARTBEAT_MS = 25_000
const StreamQuerySchema = z.object({ area: z.enum(['central', 'sales']).default('central') })

function requireCollection(name: string) {
  const collection = SERVER_COLLECTIONS.get(name)
  if (!collection) throw new AppError('not_found', `Onbekende collectie: ${name}`)
  return collection
}

/** Replication: versioned pull, push and event stream (docs/architecture.md, Replication). */
export function syncRoutes(deps: AppDeps) {
  // Central collections replicate with the central session, sales ones with the sales
  // session: a session of one area reaches nothing of the other.
  // The session's person, and only theirs: a call that names another account (a local
  // database left open on a shared device) is refused before it reads or writes anything.
  const contextFor = (area: ServerCollection['area'], c: Context<AppEnv>) => {
    const ctx = area === 'sales' ? requireSalesContext(deps, c) : requireServiceContext(deps, c)
    const named = c.req.header(SYNC_ACCOUNT_HEADER)
    const own = formatSyncAccount({
      organisationId: ctx.actor.organisationId,
      userId: ctx.actor.userId ?? '',
    })
    if (named !== undefined && named !== own) {
      throw otherAccountError()
    }
    // Data of an earlier epoch (before a restore) is neither pulled onto nor pushed from;
    // every answer names the current one, so a device learns it at its first call.
    const { systemDb, actor } = ctx
    const epoch = requireCurrentEpoch(systemDb, actor.organisationId, c.req.header(EPOCH_HEADER))
    c.header(EPOCH_HEADER, String(epoch))
    return ctx
  }
  const isSignedIn = (area: ServerCollection['area'], token: string) =>
    area === 'sales'
      ? findSalesSessionUser(deps, token) !== null
      : findSessionUser(deps, token) !== null

  return new Hono<AppEnv>()
    .use('/:version/*', async (c, next) => {
      if (c.req.param('version') !== CURRENT) {
        return c.json(
          { message: 'Deze versie van de app is verouderd. Ververs de pagina om bij te werken.' },
          426,
        )
      }
      return next()
    })
    .get('/:version/:collection/pull', validate('query', PullQuerySchema), (c) => {
      const collection = requireCollection(c.req.param('collection'))
      const { checkpoint, limit, access } = c.req.valid('query')
      const ctx = contextFor(collection.area, c)
      return c.json(pullChanges(ctx, collection, checkpoint, limit, access))
    })
    .post('/:version/:collection/push', validate('json', PushBodySchema), (c) => {
      const collection = requireCollection(c.req.param('collection'))
      const ctx = contextFor(collection.area, c)
      return c.json(pushChanges(ctx, collection, c.req.valid('json').rows, deps.log))
    })
    .get('/:version/stream', validate('query', StreamQuerySchema), (c) => {
      const { area } = c.req.valid('query')
      const ctx = contextFor(area, c)
      const readable = () =>
        [...SERVER_COLLECTIONS.values()]
          .filter((collection) => collection.area === area)
          .filter((collection) => ctx.actor.permissions.has(collection.readPermission))
          .map((collection) => collection.name)
      const token = readSessionToken(c, area) ?? ''
      return streamSSE(c, async (stream) => {
        const send = (message: StreamMessage) => stream.writeSSE({ data: JSON.stringify(message) })
        let isOpen = true
        // The session is checked again at every event: a suspended user's stream ends.
        const unsubscribe = deps.syncHub.subscribe(ctx.actor.organisationId, () => {
          if (!isSignedIn(area, token)) return stream.abort()
          void send({ type: 'CHANGE', collections: readable() })
        })
        stream.onAbort(() => {
          isOpen = false
          unsubscribe()
        })
        await send({ type: 'RESYNC' })
        while (isOpen) {
          await stream.sleep(HEARTBEAT_MS)
          if (!isOpen || !isSignedIn(area, token)) break
          await stream.writeSSE({ event: 'heartbeat', data: String(Date.now()) })
        }
        unsubscribe()
      })
    })
}
