import type { z } from 'zod'
import type { RegisterSchema } from '#schema/auth'
import type { AppDeps } from '../../app-deps.ts'
import { hashPassword } from '../../auth/password.ts'
import { AppError } from '../../errors/app-error.ts'
import { registrationWaiting } from '../admin-notifications/administrator-alerts.ts'
import { notifyAdministrators } from '../admin-notifications/notify-administrators.ts'
import { createCentralUser } from './create-central-user.ts'

const TAKEN = 'Dit e-mailadres is al in gebruik'

/** Refuses every registration, before any work, while REGISTRATION=closed. */
export function requireRegistrationOpen(deps: Pick<AppDeps, 'env'>) {
  if (deps.env.REGISTRATION === 'closed') {
    throw new AppError(
      'forbidden',
      'Registreren is uitgeschakeld. Vraag een beheerder om een uitnodiging.',
    )
  }
}

/**
 * Refuses a registration when it is closed or the e-mail is taken in the organisation
 * registered into (a race the route's own check lost); accounts of other organisations
 * play no part.
 */
export async function requireRegistrationPossible(
  deps: Pick<AppDeps, 'env' | 'directory'>,
  email: string,
  organisationId: string,
) {
  requireRegistrationOpen(deps)
  if (await deps.directory.findEntryIn('central', email, organisationId)) {
    throw new AppError('conflict', TAKEN)
  }
}

/**
 * Self-registration in the platform organisation (default-org), signed out. With
 * REGISTRATION=approval (the default) the account is inactive until an administrator
 * approves it on Gebruikers, and the administrators with Activiteitsmeldingen on hear of
 * it by mail; with `open` it is active at once. The cheap checks come before the password
 * is hashed.
 */
export async function registerUser(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations' | 'log'>,
  input: z.infer<typeof RegisterSchema>,
) {
  await requireRegistrationPossible(deps, input.email, input.organisationId)
  const passwordHash = await hashPassword(input.password, deps.env)
  const isAwaitingApproval = deps.env.REGISTRATION === 'approval'
  const db = deps.organisations.get(input.organisationId)
  const user = await createCentralUser(
    { db, directory: deps.directory },
    {
      organisationId: input.organisationId,
      name: input.name,
      email: input.email,
      role: 'USER',
      status: isAwaitingApproval ? 'inactive' : 'active',
      passwordHash,
      isSelfRegistered: true,
      isAwaitingApproval,
      actor: { userId: null, name: input.name },
      action: isAwaitingApproval
        ? 'Nieuwe registratie wacht op goedkeuring'
        : 'Account geregistreerd',
    },
  )
  if (isAwaitingApproval) {
    // The account exists whatever becomes of the mail: a failure is logged, not answered.
    const alert = registrationWaiting(input.organisationId, { name: user.name, email: user.email })
    await notifyAdministrators(deps, input.organisationId, alert).catch((error) =>
      deps.log.error('registration alert not queued', { error }),
    )
  }
  return user
}
