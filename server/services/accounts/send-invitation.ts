import { SETUP_TOKEN_TTL_MS } from '#schema/constants'
import type { AccountKind } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import { generateToken } from '../../auth/tokens.ts'
import type { ServiceContext } from '../../context.ts'
import { type Invitation, renderInvitationMail } from '../../mail/invitation-mail.tsx'
import { queueMail } from '../../mail/queue-mail.ts'
import type { RenderedMail } from '../../mail/render-mail.ts'
import { readOrganisationName } from '../own-organisation/read-organisation-name.ts'
import { issueSetupToken } from './issue-setup-token.ts'

type Deps = Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'throttles' | 'log'>

/** What the administrator is told: the mail went out (SMTP_URL), or the link to pass on. */
export type InvitationAnswer =
  | { invited: true; invitedTo: string; expiresAt: number }
  | { invited: false; setupPath: string; expiresAt: number }

/** An invitation ready to be issued in the write: its token and, with SMTP, its mail. */
export type PreparedInvitation = {
  kind: AccountKind
  email: string
  token: string
  mail: RenderedMail | null
}

const throttleKey = (kind: AccountKind, organisationId: string, userId: string) =>
  `${kind}\n${organisationId}\n${userId}`

/**
 * Prepares an invitation before the write that issues it (rendering is asynchronous, the
 * write is not). With SMTP_URL it first counts the mail against the throttles: once per
 * five minutes and five a day per invitation, ten a day per address whoever asks (429
 * with the reason); `userId` is null for an account the write is about to create.
 */
export async function prepareInvitation(
  deps: Deps,
  input: Omit<Invitation, 'url' | 'validDays' | 'organisationName'> & {
    organisationId: string
    userId: string | null
    email: string
    setupBase: string
  },
): Promise<PreparedInvitation> {
  const token = generateToken()
  const email = input.email.trim().toLowerCase()
  if (!deps.env.SMTP_URL) return { kind: input.kind, email, token, mail: null }
  const { perAccount, perAccountDaily, perAddress } = deps.throttles.invitations
  if (input.userId !== null) {
    const key = throttleKey(input.kind, input.organisationId, input.userId)
    await perAccount.check(key)
    await perAccountDaily.check(key)
  }
  await perAddress.check(email)
  const mail = await renderInvitationMail({
    ...input,
    organisationName: await readOrganisationName(deps.directory, input.organisationId),
    url: `${input.setupBase}/setup/${token}`,
    validDays: Math.round(SETUP_TOKEN_TTL_MS / 86_400_000),
  })
  return { kind: input.kind, email, token, mail }
}

/**
 * Issues the prepared invitation for the account in the caller's write: with a mail, the
 * token and the outbox row in one transaction of the system file, the link never in the
 * answer; without SMTP_URL, the link for the administrator to pass on, as before.
 */
export function issueInvitation(
  deps: Deps,
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  prepared: PreparedInvitation,
  account: { organisationId: string; userId: string },
): InvitationAnswer {
  const { mail } = prepared
  if (!mail) {
    const { token, expiresAt } = issueSetupToken(
      ctx,
      account.organisationId,
      account.userId,
      prepared.kind,
    )
    return { invited: false, setupPath: `/setup/${token}`, expiresAt }
  }
  let outboxId = ''
  const box = getSecretBox(deps.env)
  const { expiresAt } = issueSetupToken(
    ctx,
    account.organisationId,
    account.userId,
    prepared.kind,
    {
      token: prepared.token,
      queue: (tx) => {
        // No dedupe key: an invitation is always queued.
        outboxId =
          queueMail(
            tx,
            { env: deps.env, box },
            { ...mail, kind: 'invitation', to: prepared.email },
          ) ?? ''
      },
    },
  )
  // One line, no address, link or token (decision 032).
  deps.log.info('mail queued', { outboxId, kind: 'invitation' })
  return { invited: true, invitedTo: prepared.email, expiresAt }
}

/** Counts an invitation that went out against its throttles (after the write). */
export async function countInvitation(
  deps: Deps,
  prepared: PreparedInvitation,
  account: { organisationId: string; userId: string },
) {
  if (!prepared.mail) return
  const { perAccount, perAccountDaily, perAddress } = deps.throttles.invitations
  const key = throttleKey(prepared.kind, account.organisationId, account.userId)
  await Promise.all([
    perAccount.record(key),
    perAccountDaily.record(key),
    perAddress.record(prepared.email),
  ])
}
