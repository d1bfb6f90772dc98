import type { WireDocument } from '#sync/protocol'

/** An app connection as the sync protocol carries it (the central appConnections). */
export function appDocument(id: string, seq: number, name = `App ${id}`): WireDocument {
  return {
    id,
    name,
    url: `https://${id}.example.com`,
    description: null,
    status: 'active',
    users: 0,
    lastSync: null,
    createdAt: 1,
    updatedAt: 1,
    seq,
    _deleted: false,
  }
}

/** An app made on a device just now, not yet on the server (seq 0). */
export function newAppDocument(app: { id: string; name: string; url: string }) {
  const now = Date.now()
  return {
    ...app,
    description: null,
    status: 'active',
    users: 0,
    lastSync: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  }
}
