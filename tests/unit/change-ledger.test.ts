import { expect, test } from 'vitest'
import { ChangeLedger } from '#sync/client/change-ledger'
import type { WireDocument } from '#sync/protocol'

const doc = (id: string, seq: number, name = id): WireDocument => ({
  id,
  seq,
  name,
  _deleted: false,
})
const range = (from: number, to: number, documents: WireDocument[] = []) => ({
  from,
  to,
  access: 'a',
  epoch: '0',
  documents,
})
const at = (seq: number) => ({ seq, access: 'a' })

test('streamed ranges that continue a caught-up pull are taken without a call', () => {
  const ledger = new ChangeLedger()
  ledger.caughtUp(10, 'a', '0')
  expect(ledger.add(range(10, 12, [doc('s1', 11), doc('s2', 12)]))).toBe('pull')
  expect(ledger.add(range(12, 13, [doc('s1', 13, 'edited')]))).toBe('pull')
  expect(ledger.take(at(8), '0')).toEqual({
    documents: [doc('s1', 13, 'edited'), doc('s2', 12)],
    checkpoint: { seq: 13, access: 'a' },
  })
  // Taken: asked again, the ledger knows there is nothing new; the next range continues.
  expect(ledger.take(at(13), '0')).toEqual({ documents: [], checkpoint: at(13) })
  ledger.add(range(13, 14, [doc('s3', 14)]))
  expect(ledger.take(at(13), '0')?.documents).toEqual([doc('s3', 14)])
})

test('a range with nothing for the collection moves it on without waking its pull', () => {
  const ledger = new ChangeLedger()
  ledger.caughtUp(10, 'a', '0')
  expect(ledger.add(range(10, 11))).toBe('held')
  expect(ledger.add(range(11, 15))).toBe('held')
  ledger.add(range(15, 16, [doc('s1', 16)]))
  expect(ledger.take(at(10), '0')?.checkpoint.seq).toBe(16)
})

test('a gap (a missed event) is never bridged: the pull asks the server, then the ledger goes on', () => {
  const ledger = new ChangeLedger()
  ledger.caughtUp(10, 'a', '0')
  ledger.add(range(10, 11, [doc('s1', 11)]))
  // The event of seqs 12 to 13 never arrived.
  expect(ledger.add(range(13, 14, [doc('s4', 14)]))).toBe('pull')
  expect(ledger.take(at(10), '0')).toBeUndefined()
  // The server's pull answers up to 14; what waited is in it.
  ledger.caughtUp(14, 'a', '0')
  expect(ledger.take(at(14), '0')).toEqual({ documents: [], checkpoint: at(14) })
  ledger.add(range(14, 15, [doc('s5', 15)]))
  expect(ledger.take(at(14), '0')?.documents).toEqual([doc('s5', 15)])
})

test('before the first pull caught up, nothing streamed is taken', () => {
  const ledger = new ChangeLedger()
  expect(ledger.add(range(10, 11))).toBe('pull')
  expect(ledger.take(undefined, '0')).toBeUndefined()
  expect(ledger.take(at(0), '0')).toBeUndefined()
  // The pull read up to 12 while the range waited: the range is in what it read.
  ledger.caughtUp(12, 'a', '0')
  expect(ledger.take(at(0), '0')).toEqual({ documents: [], checkpoint: at(12) })
})

test('a range that overlaps the pull keeps only what the pull did not read', () => {
  const ledger = new ChangeLedger()
  ledger.add(range(10, 14, [doc('s1', 11), doc('s2', 14)]))
  ledger.caughtUp(12, 'a', '0')
  expect(ledger.take(at(11), '0')).toEqual({
    documents: [doc('s2', 14)],
    checkpoint: { seq: 14, access: 'a' },
  })
})

test('other rights, another epoch or a reset are never taken from the stream', () => {
  const ledger = new ChangeLedger()
  ledger.caughtUp(10, 'a', '0')
  ledger.add(range(10, 11, [doc('s1', 11)]))
  expect(ledger.take({ seq: 10, access: 'b' }, '0')).toBeUndefined()
  expect(ledger.take(at(10), '1')).toBeUndefined()
  expect(ledger.take({ ...at(10), resetting: true }, '0')).toBeUndefined()
  expect(ledger.take(at(10), undefined)).toBeUndefined()
  // A range under other rights starts the waiting anew.
  expect(ledger.add({ ...range(11, 12, [doc('s2', 12)]), access: 'b' })).toBe('pull')
  expect(ledger.take(at(10), '0')).toBeUndefined()
  // After a RESYNC the pull asks the server, until one caught up.
  ledger.forget()
  expect(ledger.take(at(10), '0')).toBeUndefined()
  ledger.caughtUp(12, 'b', '0')
  expect(ledger.take({ seq: 12, access: 'b' }, '0')?.checkpoint).toEqual({ seq: 12, access: 'b' })
})

test('a collection that never held a document (no checkpoint yet) takes what was streamed', () => {
  const ledger = new ChangeLedger()
  ledger.caughtUp(5, 'a', '0')
  ledger.add(range(5, 6, [doc('s1', 6)]))
  expect(ledger.take(undefined, '0')).toEqual({ documents: [doc('s1', 6)], checkpoint: at(6) })
})
