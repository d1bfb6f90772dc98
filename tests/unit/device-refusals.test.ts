import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { formatSyncAccount } from '#sync/account'
import { keepDeviceRefusals, listDeviceRefusals } from '#sync/client/device-refusals'

// A change refused again (its push answered 403 a second time, after a reload that came
// before the revoked pull let it go) is listed once; another change, or the same one with
// other values, is a refusal of its own.

const refusal = (name: string) => ({
  collection: 'appConnections',
  operation: 'update' as const,
  entityId: 'app-1',
  label: name,
  reason: 'Je hebt geen toegang meer tot deze gegevens; de wijziging is niet verwerkt.',
  values: { name },
})

test('the same refused change kept twice is listed once; other values are another refusal', async () => {
  const account = { area: 'central' as const, organisationId: 'org-a', userId: randomUUID() }
  await keepDeviceRefusals(account, [refusal('Boekhouding Noord')])
  await keepDeviceRefusals(account, [refusal('Boekhouding Noord'), refusal('Boekhouding Noord')])
  const once = await listDeviceRefusals('central', formatSyncAccount(account))
  expect(once.map((kept) => kept.label)).toEqual(['Boekhouding Noord'])

  await keepDeviceRefusals(account, [refusal('Boekhouding Zuid')])
  const twice = await listDeviceRefusals('central', formatSyncAccount(account))
  expect(twice.map((kept) => kept.label).sort()).toEqual(['Boekhouding Noord', 'Boekhouding Zuid'])

  // Another person's identical change is theirs.
  const other = { ...account, userId: randomUUID() }
  await keepDeviceRefusals(other, [refusal('Boekhouding Noord')])
  expect(await listDeviceRefusals('central', formatSyncAccount(other))).toHaveLength(1)
})

test('the same refused change kept by two paths at the same moment is listed once', async () => {
  const account = { area: 'central' as const, organisationId: 'org-a', userId: randomUUID() }
  await Promise.all([
    keepDeviceRefusals(account, [refusal('Boekhouding Noord')]),
    keepDeviceRefusals(account, [refusal('Boekhouding Noord')]),
  ])
  const kept = await listDeviceRefusals('central', formatSyncAccount(account))
  expect(kept.map((refusal) => refusal.label)).toEqual(['Boekhouding Noord'])
})

test('a removal that echoes a refused change is not kept, and is named as an echo', async () => {
  const account = { area: 'central' as const, organisationId: 'org-a', userId: randomUUID() }
  expect(await keepDeviceRefusals(account, [refusal('Boekhouding Noord')])).toEqual(new Set())
  // The device's removal of the row it may no longer read, pushed after the change.
  const removal = { ...refusal('Boekhouding Noord'), operation: 'delete' as const }
  expect(await keepDeviceRefusals(account, [removal])).toEqual(new Set(['app-1']))
  const kept = await listDeviceRefusals('central', formatSyncAccount(account))
  expect(kept.map((refusal) => refusal.operation)).toEqual(['update'])

  // A deletion with other values (the server's, after the rows came back) is the person's.
  const deletion = { ...refusal('Boekhouding'), operation: 'delete' as const }
  expect(await keepDeviceRefusals(account, [deletion])).toEqual(new Set())
  const both = await listDeviceRefusals('central', formatSyncAccount(account))
  expect(both.map((refusal) => refusal.operation).sort()).toEqual(['delete', 'update'])
})
