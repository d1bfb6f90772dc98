import { users } from '#schema/db/organisation'
import { loggedChangeWriter } from '../activities/logged-change-writer.ts'

/**
 * Writes a change to a user's row and its line in the activity log ("Gebruiker
 * bijgewerkt", …) in one transaction; the caller has checked that it may.
 */
export const writeUserChange = loggedChangeWriter(users, { type: 'user', idKey: 'userId' })
