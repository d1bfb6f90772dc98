import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireCentralUser } from '../auth/current-central-user.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { readOutbox } from '../services/mail-outbox/read-outbox.ts'
import { sendTestMail } from '../services/mail-outbox/send-test-mail.ts'

/**
 * Uitgaande e-mail, at /api/admin/outbox, for the platform's SUPERADMIN only
 * (organisations.manage; docs/behaviour.md, Instellingen → E-mail).
 */
export function outboxRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      c.header('cache-control', 'no-store')
      return c.json(readOutbox(requireServiceContext(deps, c), deps))
    })
    .post('/test', async (c) => {
      const ctx = requireServiceContext(deps, c)
      const { id: userId, email } = requireCentralUser(deps, c)
      // Each one is a real mail to a real server: a few per quarter hour, per person.
      await deps.throttles.testMail.check(userId)
      const id = await sendTestMail(ctx, deps, email)
      await deps.throttles.testMail.record(userId)
      return c.json({ id, message: `Testmail klaargezet voor ${email}` }, 202)
    })
}
