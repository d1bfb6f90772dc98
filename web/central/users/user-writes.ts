import { filter, firstValueFrom, map } from 'rxjs'
import { v7 as uuidv7 } from 'uuid'
import type { UserRole, UserStatus } from '#schema/roles'
import type { LocalDatabase } from '#sync/client/local-database'

/** A new user in the local database; replication sends it to the server. Returns its id. */
export async function insertUser(
  { db }: LocalDatabase,
  input: { name: string; email: string; role: UserRole },
): Promise<string> {
  const now = Date.now()
  const id = uuidv7()
  // seq 0 marks "not yet on the server"; the server's copy replaces it after the push.
  await db.users.insert({
    id,
    ...input,
    status: 'active',
    lastActive: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  })
  return id
}

/** Changes name, role or status locally; replication sends the change. */
export async function updateUser(
  { db }: LocalDatabase,
  id: string,
  changes: { name: string; role: UserRole; status: UserStatus },
) {
  const user = await db.users.findOne(id).exec()
  if (!user) throw new Error('Gebruiker niet gevonden')
  await user.incrementalPatch(changes)
}

/** Deletes a user locally; replication sends the deletion. */
export async function removeUser({ db }: LocalDatabase, id: string) {
  const user = await db.users.findOne(id).exec()
  if (!user) throw new Error('Gebruiker niet gevonden')
  await user.remove()
}

/**
 * Resolves once the server has the user ('accepted': the server's copy, with its seq, came
 * back) or refused it (the creation was reverted locally). Works in every tab, because
 * it watches the shared local database rather than the leader's replication.
 */
export function waitForServerCopy(
  { db }: LocalDatabase,
  id: string,
): Promise<'accepted' | 'refused'> {
  return firstValueFrom(
    db.users.findOne(id).$.pipe(
      filter((user) => !user || user.seq > 0),
      map((user) => (user ? 'accepted' : 'refused')),
    ),
  )
}
