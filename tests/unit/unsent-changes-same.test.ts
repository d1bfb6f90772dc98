import { expect, test } from 'vitest'
import type { UnsentChange } from '#sync/client/sync-status'
import { isSameUnsent } from '#sync/client/unsent-changes'

const sale: UnsentChange = {
  collection: 'sales',
  id: 's1',
  label: 'Verkoop Jansen',
  kind: 'create',
}
const project: UnsentChange = {
  collection: 'projects',
  id: 'p1',
  label: 'De Haven',
  kind: 'update',
}

test('a recount that finds the same changes is the same list', () => {
  expect(isSameUnsent([], [])).toBe(true)
  expect(isSameUnsent([sale, project], [{ ...sale }, { ...project }])).toBe(true)
})

test('a first count, another change, another order or another kind is a new list', () => {
  expect(isSameUnsent(null, [])).toBe(false)
  expect(isSameUnsent([sale], [sale, project])).toBe(false)
  expect(isSameUnsent([sale, project], [project, sale])).toBe(false)
  expect(isSameUnsent([sale], [{ ...sale, kind: 'delete' }])).toBe(false)
  expect(isSameUnsent([sale], [{ ...sale, label: 'Verkoop De Vries' }])).toBe(false)
})
