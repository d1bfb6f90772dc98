import { v7 as uuidv7 } from 'uuid'
import type { LocalDatabase } from '#sync/client/local-database'

/** The fields of the app form, validated with AppConnectionCreateSchema. */
export type AppFields = { name: string; url: string; description: string | null }

/** A new app connection in the local database; replication sends it to the server. */
export async function insertApp({ db }: LocalDatabase, fields: AppFields): Promise<string> {
  const now = Date.now()
  const id = uuidv7()
  await db.app_connections.insert({
    id,
    ...fields,
    status: 'active',
    users: 0,
    lastSync: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  })
  return id
}

/** Changes an app connection locally; only the changed fields travel, so edits merge. */
export async function updateApp({ db }: LocalDatabase, id: string, fields: AppFields) {
  const app = await db.app_connections.findOne(id).exec()
  if (!app) throw new Error('App niet gevonden')
  await app.incrementalPatch(fields)
}

/** Deletes an app connection locally; replication sends the deletion. */
export async function removeApp({ db }: LocalDatabase, id: string) {
  const app = await db.app_connections.findOne(id).exec()
  if (!app) throw new Error('App niet gevonden')
  await app.remove()
}
