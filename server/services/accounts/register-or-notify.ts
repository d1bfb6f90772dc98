import type { z } from 'zod'
import type { RegisterSchema } from '#schema/auth'
import type { AppDeps } from '../../app-deps.ts'
import { hashPassword } from '../../auth/password.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import { queueMail } from '../../mail/queue-mail.ts'
import { renderRegistrationMail } from '../../mail/registration-mail.tsx'
import { registerUser } from './register-user.ts'

type Deps = Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations' | 'throttles' | 'log'>

/** The one answer a registration gets, whether its address was free or taken (issue 47 §2). */
export function describeRegistrationAnswer(env: AppDeps['env']) {
  if (env.SMTP_URL) {
    return {
      message: 'Controleer je e-mail om je registratie af te ronden.',
      status: 'check_mail' as const,
    }
  }
  return env.REGISTRATION === 'approval'
    ? {
        message: 'Registratie ontvangen. Een beheerder moet je account nog goedkeuren.',
        status: 'awaiting_approval' as const,
      }
    : { message: 'Registratie geslaagd', status: 'active' as const }
}

/**
 * Registers a free address, or, for an address that already has an account in the
 * organisation, changes nothing and (with mail) tells its holder that someone tried. Both
 * hash the password and render a mail, so neither the answer nor its time tells them
 * apart. Answers the account the browser may remember (a made-up one for a taken address:
 * the cookie is sealed, so it looks the same and matches nothing).
 */
export async function registerOrNotify(deps: Deps, input: z.infer<typeof RegisterSchema>) {
  const email = input.email.trim().toLowerCase()
  const taken = await deps.directory.findEntryIn('central', email, input.organisationId)
  if (taken) {
    await hashPassword(input.password, deps.env)
    await notifyHolder(deps, email)
    return { organisationId: input.organisationId, userId: crypto.randomUUID() }
  }
  const user = await registerUser(deps, input)
  if (deps.env.SMTP_URL) {
    const mail = await renderRegistrationMail(
      user.awaitingApproval ? 'received' : 'active',
      deps.env.PUBLIC_URL,
    )
    queue(deps, email, mail, 'registration')
  }
  return { organisationId: user.organisationId, userId: user.id }
}

async function notifyHolder(deps: Deps, email: string) {
  if (!deps.env.SMTP_URL) return
  const mail = await renderRegistrationMail('taken', deps.env.PUBLIC_URL)
  // A flood of attempts on one address makes a few mails a day, not one per attempt.
  const perAddress = deps.throttles.invitations.perAddress
  const allowed = await perAddress.check(email).then(
    () => true,
    () => false,
  )
  if (!allowed) return
  await perAddress.record(email)
  queue(deps, email, mail, 'registration-attempt')
}

function queue(
  deps: Deps,
  to: string,
  mail: Awaited<ReturnType<typeof renderRegistrationMail>>,
  kind: 'registration' | 'registration-attempt',
) {
  const box = getSecretBox(deps.env)
  const outboxId = deps.systemDb.transaction((tx) =>
    queueMail(tx, { env: deps.env, box }, { ...mail, kind, to }),
  )
  deps.log.info('mail queued', { outboxId, kind })
}
