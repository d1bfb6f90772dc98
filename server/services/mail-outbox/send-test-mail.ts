import type { AppDeps } from '../../app-deps.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import type { ServiceContext } from '../../context.ts'
import { queueMail } from '../../mail/queue-mail.ts'
import { describeMailServer } from '../../mail/smtp-transport.ts'
import { renderTestMail } from '../../mail/test-mail.tsx'
import { requirePermission } from '../permissions/require-permission.ts'

/** "Stuur een testmail": queues one mail to the SUPERADMIN who asked, through the outbox. */
export async function sendTestMail(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'env' | 'systemDb'>,
  to: string,
) {
  requirePermission(ctx.actor, 'organisations.manage')
  const server = describeMailServer(deps.env)
  const mail = await renderTestMail(
    server ? `${server.host}:${server.port}` : 'de ingebouwde uitgaande e-mail',
  )
  const box = getSecretBox(deps.env)
  return deps.systemDb.transaction((tx) =>
    queueMail(tx, { env: deps.env, box }, { ...mail, kind: 'test', to }),
  )
}
