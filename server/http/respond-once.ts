import { eq } from 'drizzle-orm'
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONParsed } from 'hono/utils/types'
import { idempotencyKeys } from '#schema/db/organisation'
import type { SecretBox } from '../auth/secret-box.ts'
import type { FollowedWrite, ServiceContext } from '../context.ts'
import { AppError } from '../errors/app-error.ts'

/** A JSON answer typed as the value it carries, for the web's typed client (hono/client). */
type JsonAnswer<Answer, Status extends ContentfulStatusCode> = Response &
  TypedResponse<JSONParsed<Answer>, Status, 'json'>

/**
 * Runs a synchronous write and answers with its result. With an Idempotency-Key header,
 * the key and the answer are stored in the same transaction as the write, so a replay
 * (the offline queue, a retry after a lost answer) gets the first answer and no second
 * effect. An answer that carries a secret (a setup link, an API key) is stored sealed
 * with `secretBox`, so the organisation file never holds it readable.
 */
export function respondOnce<Answer, Status extends ContentfulStatusCode>(
  c: Context,
  ctx: ServiceContext,
  status: Status,
  write: () => Answer,
  options: { secretBox?: SecretBox } = {},
): JsonAnswer<Answer, Status> {
  const key = c.req.header('idempotency-key')
  if (key === undefined) return c.json(write() as object, status) as JsonAnswer<Answer, Status>
  if (key.length === 0 || key.length > 200) {
    throw new AppError('invalid_input', 'Idempotency-Key moet 1 tot 200 tekens lang zijn')
  }
  const userId = ctx.actor.userId ?? ''
  const purpose = `idempotency:${ctx.actor.organisationId}:${key}`
  const answer = ctx.db.transaction((tx) => {
    const earlier = tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get()
    if (earlier) {
      const isSameRequest =
        earlier.userId === userId && earlier.method === c.req.method && earlier.path === c.req.path
      if (!isSameRequest) {
        throw new AppError('conflict', 'Deze Idempotency-Key is al gebruikt voor een ander verzoek')
      }
      const stored = earlier.response ?? 'null'
      const body = options.secretBox ? options.secretBox.open(stored, purpose) : stored
      return { status: earlier.status as ContentfulStatusCode, body }
    }
    const body = JSON.stringify(write() ?? null)
    tx.insert(idempotencyKeys)
      .values({
        key,
        userId,
        method: c.req.method,
        path: c.req.path,
        status,
        response: options.secretBox ? options.secretBox.seal(body, purpose) : body,
        createdAt: Date.now(),
      })
      .run()
    return { status, body }
  })
  // The stored JSON text: on a replay the first call's, which is still write()'s type.
  const stored: Response = c.body(answer.body, answer.status, {
    'content-type': 'application/json',
  })
  return stored as JsonAnswer<Answer, Status>
}

/**
 * respondOnce for a write the directory follows: the write (and the key) commit, then
 * `follow` runs, then the answer goes out. A replay runs no write and no follow-up. A
 * follow-up that fails answers 500 with the file's write kept; each write orders its
 * follow-up so that this leaves nobody an access the file no longer gives.
 */
export async function respondOnceThenFollow<Answer, Status extends ContentfulStatusCode>(
  c: Context,
  ctx: ServiceContext,
  status: Status,
  write: () => FollowedWrite<Answer>,
  options: { secretBox?: SecretBox } = {},
): Promise<JsonAnswer<Answer, Status>> {
  let follow: (() => Promise<void>) | undefined
  const answer = respondOnce(
    c,
    ctx,
    status,
    () => {
      const written = write()
      follow = written.follow
      return written.value
    },
    options,
  )
  await follow?.()
  return answer
}
