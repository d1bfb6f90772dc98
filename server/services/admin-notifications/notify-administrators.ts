import { and, eq, inArray } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { MailKind } from '#schema/db/system'
import { getSecretBox } from '../../auth/secret-box.ts'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import type { SystemDb } from '../../db/system-db.ts'
import type { Env } from '../../env.ts'
import type { Logger } from '../../logger.ts'
import type { AlertLinks } from '../../mail/admin-alert-mails.tsx'
import {
  createUnsubscribeHeaders,
  createUnsubscribeToken,
  unsubscribeUrlOf,
} from '../../mail/notification-links.ts'
import { queueMail } from '../../mail/queue-mail.ts'
import type { RenderedMail } from '../../mail/render-mail.ts'
import { readOrganisationName } from '../sales/statements/find-organisation-name.ts'

// Not AppDeps: the backup job that alerts is itself one of AppDeps' parts.
type Deps = { env: Env; systemDb: SystemDb; organisations: OrganisationCache; log: Logger }

/** One event administrators hear of: its kind, its mail, and one key per recipient. */
export type AdministratorAlert = {
  kind: MailKind
  /** Whom one event reaches once: a second queueing with the same key writes nothing. */
  dedupeKey: (userId: string) => string
  render: (links: AlertLinks, organisationName: string) => Promise<RenderedMail>
}

/**
 * The organisation's administrators (ADMIN, SUPERADMIN) who can sign in and have both
 * "E-mailmeldingen" and "Activiteitsmeldingen" on, read from its file as it is now.
 */
export function findAlertRecipients(deps: Pick<Deps, 'organisations'>, organisationId: string) {
  return deps.organisations
    .get(organisationId)
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.deleted, false),
        eq(users.status, 'active'),
        eq(users.awaitingApproval, false),
        inArray(users.role, ['ADMIN', 'SUPERADMIN']),
        eq(users.emailNotifications, true),
        eq(users.activityAlerts, true),
      ),
    )
    .all()
}

/**
 * Mails an event to the organisation's administrators with the alerts on, through the
 * system file's outbox: it outlives a restore of the organisation's file, and each
 * recipient's dedupe key keeps a job that runs twice (two processes, a restart) from
 * mailing twice. Each mail links to the switches and carries a one-click List-Unsubscribe
 * that turns this person's Activiteitsmeldingen off. Answers how many were queued.
 */
export async function notifyAdministrators(
  deps: Deps,
  organisationId: string,
  alert: AdministratorAlert,
) {
  const recipients = findAlertRecipients(deps, organisationId)
  if (recipients.length === 0) return 0
  const organisationName = readOrganisationName(
    deps.organisations.get(organisationId),
    organisationId,
  )
  const links = { app: deps.env.PUBLIC_URL, settings: `${deps.env.PUBLIC_URL}/settings` }
  const mail = await alert.render(links, organisationName)
  const box = getSecretBox(deps.env)
  const queued = deps.systemDb.transaction((tx) =>
    recipients.filter((recipient) => {
      const token = createUnsubscribeToken(box, {
        organisationId,
        kind: 'central-user',
        recipientId: recipient.id,
        email: recipient.email,
      })
      const headers = createUnsubscribeHeaders(unsubscribeUrlOf(deps.env, token))
      const dedupeKey = alert.dedupeKey(recipient.id)
      return (
        queueMail(
          tx,
          { env: deps.env, box },
          { ...mail, headers, dedupeKey, kind: alert.kind, to: recipient.email },
        ) !== null
      )
    }),
  )
  if (queued.length > 0) {
    deps.log.info(deps.env.SMTP_URL ? 'mail queued' : 'mail kept for the outbox page', {
      kind: alert.kind,
      organisationId,
      count: queued.length,
    })
  }
  return queued.length
}
