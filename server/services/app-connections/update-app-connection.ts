import type { z } from 'zod'
import type { AppConnectionUpdateSchema } from '#schema/central'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveAppConnection } from './require-live-app-connection.ts'
import { writeAppConnectionChange } from './write-app-connection-change.ts'

/** Changes an app connection's name, URL, description or status. */
export function updateAppConnection(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof AppConnectionUpdateSchema>,
) {
  requirePermission(ctx.actor, 'apps.write')
  requireLiveAppConnection(ctx, id)
  return writeAppConnectionChange(ctx, id, changes, {
    action: 'App bijgewerkt',
    metadata: { changes },
  })
}
