import { BehaviorSubject, firstValueFrom, Observable } from 'rxjs'
import { afterEach, expect, test, vi } from 'vitest'
import type { SalesDatabase } from '#sync/client/local-database'
import {
  askSalesFiguresAhead,
  salesFiguresOf,
} from '../../web/sales/data/use-local-sales-figures.ts'

// The wizard's press asks the Dashboard's figures ahead, while the page goes there: the
// Dashboard's query takes that live one over (one reading of the sales, not two), sees
// every change made after the ask, and figures nobody took are let go.

afterEach(() => {
  vi.useRealTimers()
})

const QUESTION = {
  figures: 'dashboard',
  today: '2026-12-03',
  reviewer: { id: 'user-1', isApprover: false },
} as const

/** A sales database of plain collections (no worker: the figures are built on the page). */
function createDatabase() {
  const readings = { count: 0, open: 0 }
  const collection = (name: string) => {
    const documents = new BehaviorSubject<{ toJSON: () => unknown }[]>([])
    const $ = new Observable<{ toJSON: () => unknown }[]>((subscriber) => {
      readings.count++
      readings.open++
      const subscription = documents.subscribe(subscriber)
      return () => {
        readings.open--
        subscription.unsubscribe()
      }
    })
    return { name, documents, find: () => ({ $ }), internalStorageInstance: {} }
  }
  const db = {
    projects: collection('projects'),
    sellers: collection('sellers'),
    sales: collection('sales'),
    commission_payments: collection('commission_payments'),
  }
  return { db, asDb: db as unknown as SalesDatabase['db'], readings }
}

const project = (id: string, name: string) => ({
  toJSON: () => ({ id, name, status: 'active', totalUnits: null, seq: 1, deleted: false }),
})

test('the Dashboard takes over the figures asked ahead: the collections are read once', async () => {
  const { asDb, readings } = createDatabase()
  askSalesFiguresAhead(asDb, QUESTION)
  expect(readings.count).toBe(4)
  const answer = await firstValueFrom(salesFiguresOf(asDb, { ...QUESTION }))
  expect(answer.dashboard).toBeDefined()
  expect(readings.count).toBe(4)
})

test('a change between the ask and the Dashboard is in the figures the Dashboard gets first', async () => {
  const { db, asDb } = createDatabase()
  askSalesFiguresAhead(asDb, QUESTION)
  const before = await firstValueFrom(salesFiguresOf(asDb, QUESTION))
  db.projects.documents.next([project('p1', 'Havenkwartier')])
  const shown = await firstValueFrom(salesFiguresOf(asDb, QUESTION))
  expect(shown).not.toBe(before)
  const fresh = await firstValueFrom(createDatabaseWith(project('p1', 'Havenkwartier')))
  expect(JSON.stringify(shown)).toBe(JSON.stringify(fresh))
})

/** The figures of a database that holds one project from the start, asked the plain way. */
function createDatabaseWith(document: ReturnType<typeof project>) {
  const { db, asDb } = createDatabase()
  db.projects.documents.next([document])
  return salesFiguresOf(asDb, QUESTION)
}

test('figures nobody took are let go after five seconds; those a screen holds stay', () => {
  vi.useFakeTimers()
  const { asDb, readings } = createDatabase()
  askSalesFiguresAhead(asDb, QUESTION)
  vi.advanceTimersByTime(5000)
  expect(readings.open).toBe(0)

  askSalesFiguresAhead(asDb, QUESTION)
  const screen = salesFiguresOf(asDb, QUESTION).subscribe()
  vi.advanceTimersByTime(5000)
  expect(readings.open).toBe(4)
  screen.unsubscribe()
  expect(readings.open).toBe(0)
  // Let go: the next screen asks anew.
  salesFiguresOf(asDb, QUESTION).subscribe().unsubscribe()
  expect(readings.count).toBe(12)
})
