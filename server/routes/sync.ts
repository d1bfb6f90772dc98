import type { Context } from 'hono'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import { getAccessKey } from '#server/replication/access-key'
import type { ServerCollection } from '#server/replication/collection'
import { SERVER_COLLECTIONS } from '#server/replication/collections/index'
import { pullChanges } from '#server/replication/pull'
import { pushChanges } from '#server/replication/push'
import { describeBatch, findReadableCollections } from '#server/replication/stream-changes'
import type { ChangeBatch } from '#server/replication/sync-hub'
import { EPOCH_HEADER } from '#sync/account'
import {
  formatSyncAccount,
  PullQuerySchema,
  PushBodySchema,
  type StreamMessage,
  SYNC_ACCOUNT_HEADER,
  SYNC_PROTOCOL_VERSION,
} from '#sync/protocol'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { findSessionUser } from '../auth/current-central-user.ts'
import {
  findSalesContext,
  findSalesSessionUser,
  requireSalesContext,
} from '../auth/require-sales-context.ts'
import { findServiceContext, requireServiceContext } from '../auth/require-service-context.ts'
import { readSessionToken } from '../auth/sessions.ts'
import { AppError } from '../errors/app-error.ts'
import { otherAccountError } from '../http/require-named-account.ts'
import { validate } from '../http/validate.ts'
import { requireCurrentEpoch } from '../services/organisation-epoch/organisation-epoch.ts'

const CURRENT = `v${SYNC_PROTOCOL_VERSION}`
const HEARTBEAT_MS = 25_000
/** Events written and not yet taken by a stream's reader before it is ended. */
const MAX_UNSENT_EVENTS = 64
const StreamQuerySchema = z.object({
  area: z.enum(['central', 'sales']).default('central'),
  /** A client that applies streamed documents (StreamedChanges); else CHANGE as before. */
  documents: z.literal('1').optional(),
})

function requireCollection(name: string) {
  const collection = SERVER_COLLECTIONS.get(name)
  if (!collection) throw new AppError('not_found', `Onbekende collectie: ${name}`)
  return collection
}

/** Replication: versioned pull, push and event stream (docs/architecture.md, Replication). */
export function syncRoutes(deps: AppDeps) {
  /**
   * Whether this process still serves the organisation: after a move to another machine
   * (decision 048) a stream held here hears nothing more, so it ends at its next heartbeat
   * and the device connects again, through HAProxy to the new machine. Its placement, not
   * its file: a heartbeat must not open, and so evict, organisation files (with one
   * machine no question is asked).
   */
  const isServedHere = (organisationId: string) => deps.organisations.holds(organisationId)

  // Central collections replicate with the central session, sales ones with the sales
  // session: a session of one area reaches nothing of the other.
  // The session's person, and only theirs: a call that names another account (a local
  // database left open on a shared device) is refused before it reads or writes anything.
  const contextFor = async (
    area: ServerCollection['area'],
    c: Context<AppEnv>,
    { isPush = false } = {},
  ) => {
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
    // every answer names the current one, so a device learns it at its first call. A
    // push must name it once the organisation was restored (requireCurrentEpoch).
    const namedEpoch = c.req.header(EPOCH_HEADER)
    const epoch = await requireCurrentEpoch(deps.directory, ctx.actor.organisationId, namedEpoch, {
      isNameRequired: isPush,
    })
    c.header(EPOCH_HEADER, String(epoch))
    // The file taken again after the await: the cache may have closed it meanwhile.
    return { ...ctx, db: deps.organisations.get(ctx.actor.organisationId) }
  }
  const isSignedIn = async (area: ServerCollection['area'], token: string) =>
    (area === 'sales'
      ? await findSalesSessionUser(deps, token)
      : await findSessionUser(deps, token)) !== null
  const contextOfToken = (area: ServerCollection['area'], token: string) =>
    area === 'sales' ? findSalesContext(deps, token) : findServiceContext(deps, token)

  return new Hono<AppEnv>()
    .use('/:version/*', async (c, next) => {
      if (c.req.param('version') !== CURRENT) {
        throw new AppError(
          'upgrade_required',
          'Deze versie van de app is verouderd. Ververs de pagina om bij te werken.',
        )
      }
      return next()
    })
    .get('/:version/:collection/pull', validate('query', PullQuerySchema), async (c) => {
      const collection = requireCollection(c.req.param('collection'))
      const { checkpoint, limit, access } = c.req.valid('query')
      const ctx = await contextFor(collection.area, c)
      return c.json(pullChanges(ctx, collection, checkpoint, limit, access))
    })
    .post('/:version/:collection/push', validate('json', PushBodySchema), async (c) => {
      const collection = requireCollection(c.req.param('collection'))
      const ctx = await contextFor(collection.area, c, { isPush: true })
      return c.json(await pushChanges(ctx, collection, c.req.valid('json').rows, deps.log))
    })
    .get('/:version/stream', validate('query', StreamQuerySchema), async (c) => {
      const { area, documents: isCarryingDocuments } = c.req.valid('query')
      const ctx = await contextFor(area, c)
      const { organisationId } = ctx.actor
      const token = readSessionToken(c, area) ?? ''
      return streamSSE(c, async (stream) => {
        let isOpen = true
        let unsent = 0
        let access = getAccessKey(ctx.actor)
        const send = (data: string) => {
          // A listener that reads nothing (a stalled connection) would keep every event in
          // memory: past a few, the stream ends and the device starts over with a RESYNC.
          if (unsent >= MAX_UNSENT_EVENTS) return stream.abort()
          unsent++
          void stream.writeSSE({ data }).finally(() => unsent--)
        }
        // The session is checked again at every batch: a suspended user's stream ends,
        // and what is sent is read under the rights they hold now. The check asks the
        // system directory (a round trip on PostgreSQL), so batches wait in line for it:
        // each is described after the one before, in the order the hub heard them.
        const tellOf = async (batch: ChangeBatch) => {
          const current = await contextOfToken(area, token)
          if (!isOpen) return
          if (current?.actor.organisationId !== organisationId) return stream.abort()
          const readable = findReadableCollections(SERVER_COLLECTIONS.values(), area, current)
          if (!isCarryingDocuments) {
            const names = readable.map((collection) => collection.name)
            return send(JSON.stringify({ type: 'CHANGE', collections: names } as StreamMessage))
          }
          if (batch.to === batch.from) return
          const now = getAccessKey(current.actor)
          // Other rights, other documents: the device reads again what it may see now.
          if (now !== access || batch.to < batch.from) {
            access = now
            return send(JSON.stringify({ type: 'RESYNC' } as StreamMessage))
          }
          send(describeBatch(batch, current, readable, access))
        }
        let inLine = Promise.resolve()
        let waiting = 0
        const unsubscribe = deps.syncHub.subscribe(
          organisationId,
          (batch) => {
            // A directory that stops answering must not let batches pile up here either.
            if (waiting >= MAX_UNSENT_EVENTS) return stream.abort()
            waiting++
            inLine = inLine
              .then(() => tellOf(batch))
              .catch((error) => {
                deps.log.error('telling an event stream of a change failed', { error })
                stream.abort()
              })
              .finally(() => waiting--)
          },
          // The organisation moved to another machine: the device connects again, to it.
          () => stream.abort(),
        )
        stream.onAbort(() => {
          isOpen = false
          unsubscribe()
        })
        await stream.writeSSE({ data: JSON.stringify({ type: 'RESYNC' } as StreamMessage) })
        while (isOpen) {
          await stream.sleep(HEARTBEAT_MS)
          if (!isOpen || !(await isSignedIn(area, token)) || !isServedHere(organisationId)) break
          await stream.writeSSE({ event: 'heartbeat', data: String(Date.now()) })
        }
        unsubscribe()
      })
    })
}
