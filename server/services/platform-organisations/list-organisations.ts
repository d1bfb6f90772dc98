import type { AppDeps } from '../../app-deps.ts'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Every organisation, for a SUPERADMIN's Organisaties list. */
export function listOrganisations(ctx: ServiceContext & Pick<AppDeps, 'directory'>) {
  requirePermission(ctx.actor, 'organisations.manage')
  return ctx.directory.listOrganisations()
}
