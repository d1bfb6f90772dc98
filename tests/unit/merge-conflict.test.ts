import { expect, test } from 'vitest'
import { type DocumentState, isSameDocumentState, mergeConflict } from '#schema/rx/merge-conflict'

const base = {
  id: 'app-1',
  name: 'Boekhouding',
  url: 'https://boeken.example.com',
  description: null as string | null,
  status: 'active',
  seq: 10,
  updatedAt: 1000,
  _deleted: false,
}

test('edits of different fields both survive on top of the master state', () => {
  // B renamed the app on the server; A changed the description offline.
  const realMasterState = { ...base, name: 'Boekhouding Pro', seq: 11, updatedAt: 2000 }
  const newDocumentState = { ...base, description: 'Facturen en btw' }
  const merged = mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState })
  expect(merged).toEqual({
    ...base,
    name: 'Boekhouding Pro',
    description: 'Facturen en btw',
    seq: 11,
    updatedAt: 2000,
  })
})

test('the same field: the client that pushes later wins; server-set fields come from the master', () => {
  const realMasterState = { ...base, name: 'Naam van A', seq: 12, updatedAt: 3000 }
  const newDocumentState = { ...base, name: 'Naam van B' }
  const merged = mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState })
  expect(merged.name).toBe('Naam van B')
  expect(merged.seq).toBe(12)
  expect(merged.updatedAt).toBe(3000)
})

test('nothing changed locally: the master state as it is', () => {
  const realMasterState = { ...base, status: 'error', seq: 13 }
  expect(
    mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState: { ...base } }),
  ).toEqual(realMasterState)
})

test('a deletion on the server wins over a local edit', () => {
  const realMasterState = { ...base, _deleted: true, seq: 14 }
  const newDocumentState = { ...base, name: 'Nieuwe naam' }
  expect(mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState })).toBe(
    realMasterState,
  )
})

test('a local deletion is kept over a server edit', () => {
  const realMasterState = { ...base, name: 'Andere naam', seq: 15 }
  const newDocumentState = { ...base, _deleted: true }
  const merged = mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState })
  expect(merged).toEqual({ ...realMasterState, _deleted: true })
})

test('without an assumed state the master state is taken', () => {
  const realMasterState = { ...base, name: 'Server', seq: 16 }
  expect(mergeConflict({ realMasterState, newDocumentState: { ...base, name: 'Client' } })).toEqual(
    realMasterState,
  )
})

test('a field the client cleared is cleared in the merge; RxDB bookkeeping is ignored', () => {
  const assumed: DocumentState = { ...base, description: 'Oud' }
  const realMasterState: DocumentState = { ...assumed, status: 'syncing', seq: 17 }
  const newDocumentState: DocumentState = {
    ...assumed,
    description: null,
    _meta: { lwt: 5 },
    _rev: '2-x',
  }
  const merged = mergeConflict({ assumedMasterState: assumed, realMasterState, newDocumentState })
  expect(merged).toEqual({ ...realMasterState, description: null })
  expect(isSameDocumentState({ ...base, _rev: '1-a' }, { ...base, _meta: { lwt: 1 } })).toBe(true)
  expect(isSameDocumentState(base, { ...base, seq: 99 })).toBe(false)
})

test('the merge does not change its inputs', () => {
  const realMasterState = { ...base, name: 'Server', seq: 18 }
  const newDocumentState = { ...base, url: 'https://nieuw.example.com' }
  const frozen = JSON.stringify([realMasterState, newDocumentState, base])
  mergeConflict({ assumedMasterState: base, realMasterState, newDocumentState })
  expect(JSON.stringify([realMasterState, newDocumentState, base])).toBe(frozen)
})

test("only the collection's writable fields are carried over: the server's own fields stay the server's", () => {
  const paidLine: DocumentState = {
    id: 'c1',
    status: 'paid',
    paidAt: 5000,
    seq: 9,
    _deleted: false,
  }
  const assumedMasterState = { ...paidLine, status: 'pending', paidAt: null, seq: 8 }
  // The device marked it paid offline, with its own (display) time.
  const newDocumentState = { ...assumedMasterState, status: 'paid', paidAt: 4000 }
  const merged = mergeConflict(
    { assumedMasterState, realMasterState: paidLine, newDocumentState },
    ['status'],
  )
  expect(merged).toEqual(paidLine)
})

test("a create whose answer was lost keeps the device's later edits and deletion", () => {
  // The server holds the create; the device never saw it back (seq 0) and edited it.
  const realMasterState: DocumentState = { ...base, description: null, seq: 20 }
  const newDocumentState: DocumentState = { ...base, description: 'offline bewerkt', seq: 0 }
  const fields = ['name', 'url', 'description', 'status']
  const merged = mergeConflict({ realMasterState, newDocumentState }, fields)
  expect(merged).toEqual({ ...realMasterState, description: 'offline bewerkt' })
  const deleted = mergeConflict(
    { realMasterState, newDocumentState: { ...newDocumentState, _deleted: true } },
    fields,
  )
  expect(deleted._deleted).toBe(true)
  // Without the collection's fields nothing can be told apart: the master state.
  expect(mergeConflict({ realMasterState, newDocumentState })).toEqual(realMasterState)
})

test('a field set back after a push the server took without answering is the client’s last word', () => {
  // The device sent status syncing; the server took it, the answer was lost. Offline the
  // person set the status back and changed the address; a colleague renamed the app.
  const sent = { ...base, status: 'syncing' }
  const realMasterState = { ...sent, name: 'Boekhouding Pro', seq: 12 }
  const newDocumentState = { ...base, url: 'https://nieuw.example.com' }
  const input = { assumedMasterState: base, realMasterState, newDocumentState }
  expect(mergeConflict(input, undefined, [sent])).toEqual({
    ...realMasterState,
    status: 'active',
    url: 'https://nieuw.example.com',
  })
  // Without knowing what was sent, the set-back looks untouched and the server's value stays.
  expect(mergeConflict(input).status).toBe('syncing')
  // A field untouched since the unanswered push keeps the colleague's value.
  expect(mergeConflict(input, undefined, [sent]).name).toBe('Boekhouding Pro')
})
