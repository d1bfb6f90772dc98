import type { z } from 'zod'
import type { RegisterSchema } from '#schema/auth'
import { hashPassword } from '../../auth/password.ts'
import type { AppDeps } from '../../context.ts'
import { createCentralUser } from './create-central-user.ts'

/** Self-registration: a USER in the given organisation (default-org), signed out. */
export async function registerUser(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  input: z.infer<typeof RegisterSchema>,
) {
  const passwordHash = await hashPassword(input.password)
  const db = deps.organisations.get(input.organizationId)
  return createCentralUser(
    { db, systemDb: deps.systemDb },
    {
      organisationId: input.organizationId,
      name: input.name,
      email: input.email,
      role: 'USER',
      status: 'active',
      passwordHash,
      actor: { userId: null, name: input.name },
      action: 'Account geregistreerd',
    },
  )
}
