import type { z } from 'zod'
import type { SetupTokenCommandSchema } from '#schema/auth'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'
import { createCentralUser } from './create-central-user.ts'
import { issueSetupToken } from './issue-setup-token.ts'

/** What `npm run setup-token` is asked for, its defaults applied. */
export type SetupLinkRequest = z.output<typeof SetupTokenCommandSchema>

/**
 * The operator's invitation (`npm run setup-token`): creates the user when needed (inactive,
 * no password) and issues a setup link token for them. An account with the same address in
 * another organisation is a different account and plays no part. Throws an AppError whose message the command prints.
 */
export async function inviteWithSetupLink(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  request: SetupLinkRequest,
): Promise<{ token: string; expiresAt: number }> {
  const organisation = await deps.directory.findOrganisation(request.org)
  if (!organisation) throw new AppError('not_found', `Organisation ${request.org} does not exist.`)
  const existing = await deps.directory.findEntryIn('central', request.email, request.org)
  // The user and its directory entry first, then the token: never a link for an account
  // that was not made.
  const userId =
    existing?.userId ??
    (
      await createCentralUser(
        { db: deps.organisations.get(request.org), directory: deps.directory },
        {
          organisationId: request.org,
          name: request.name ?? request.email.split('@')[0] ?? request.email,
          email: request.email,
          role: request.role,
          status: 'inactive',
          passwordHash: null,
          actor: { userId: null, name: 'Beheerder (setup-token)' },
          action: 'Gebruiker uitgenodigd',
        },
      )
    ).id
  // The file taken again after the awaits: the cache may have closed it meanwhile.
  const db = deps.organisations.get(request.org)
  return issueSetupToken({ db, systemDb: deps.systemDb }, request.org, userId)
}
