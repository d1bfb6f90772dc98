import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import {
  PullQuerySchema,
  PushBodySchema,
  type StreamMessage,
  SYNC_PROTOCOL_VERSION,
} from '#sync/protocol'
import { SERVER_COLLECTIONS } from '#sync/server/collections/index'
import { pullChanges } from '#sync/server/pull'
import { pushChanges } from '#sync/server/push'
import { findSessionUser } from '../auth/current-central-user.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { readSessionToken } from '../auth/sessions.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { AppError } from '../http/app-error.ts'
import { validate } from '../http/validate.ts'

const CURRENT = `v${SYNC_PROTOCOL_VERSION}`
const HEARTBEAT_MS = 25_000

function requireCollection(name: string) {
  const collection = SERVER_COLLECTIONS.get(name)
  if (!collection) throw new AppError('not_found', `Onbekende collectie: ${name}`)
  return collection
}

/** Replication: versioned pull, push and event stream (DESIGN.md, Replication). */
export function syncRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('/sync/:version/*', async (c, next) => {
      if (c.req.param('version') !== CURRENT) {
        return c.json(
          { message: 'Deze versie van de app is verouderd. Ververs de pagina om bij te werken.' },
          426,
        )
      }
      return next()
    })
    .get('/sync/:version/:collection/pull', validate('query', PullQuerySchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      const { checkpoint, limit } = c.req.valid('query')
      return c.json(
        pullChanges(ctx, requireCollection(c.req.param('collection')), checkpoint, limit),
      )
    })
    .post('/sync/:version/:collection/push', validate('json', PushBodySchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      const collection = requireCollection(c.req.param('collection'))
      return c.json(pushChanges(ctx, collection, c.req.valid('json').rows, deps.log))
    })
    .get('/sync/:version/stream', (c) => {
      const ctx = requireServiceContext(deps, c)
      const readable = () =>
        [...SERVER_COLLECTIONS.values()]
          .filter((collection) => ctx.actor.permissions.has(collection.readPermission))
          .map((collection) => collection.name)
      return streamSSE(c, async (stream) => {
        const send = (message: StreamMessage) => stream.writeSSE({ data: JSON.stringify(message) })
        let isOpen = true
        // The session is checked again at every event: a suspended user's stream ends.
        const token = readSessionToken(c, 'central') ?? ''
        const isStillSignedIn = () => findSessionUser(deps, token) !== null
        const unsubscribe = deps.syncHub.subscribe(ctx.actor.organisationId, () => {
          if (!isStillSignedIn()) return stream.abort()
          void send({ type: 'CHANGE', collections: readable() })
        })
        stream.onAbort(() => {
          isOpen = false
          unsubscribe()
        })
        await send({ type: 'RESYNC' })
        while (isOpen) {
          await stream.sleep(HEARTBEAT_MS)
          if (!isOpen) break
          if (!isStillSignedIn()) break
          await stream.writeSSE({ event: 'heartbeat', data: String(Date.now()) })
        }
        unsubscribe()
      })
    })
}
