import { appConnections } from '#schema/db/organisation'
import { loggedChangeWriter } from '../activities/logged-change-writer.ts'

/**
 * Writes a change to an app connection's row and its line in the activity log ("App
 * bijgewerkt", …) in one transaction; the caller has checked that it may.
 */
export const writeAppConnectionChange = loggedChangeWriter(appConnections, {
  type: 'app',
  idKey: 'appConnectionId',
})
