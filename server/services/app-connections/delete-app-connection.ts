import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveAppConnection } from './require-live-app-connection.ts'
import { writeAppConnectionChange } from './write-app-connection-change.ts'

/** Removes an app connection as a tombstone, so clients holding it learn of it. */
export function deleteAppConnection(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'apps.write')
  requireLiveAppConnection(ctx, id)
  return writeAppConnectionChange(
    ctx,
    id,
    { deleted: true, apiKeyHash: null },
    { action: 'App verwijderd' },
  )
}
