import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { cacheStatements } from '#server/db/cache-statements'

test('a statement read plucked in one place answers rows, not bare values, in the next', () => {
  const client = new Database(':memory:')
  cacheStatements(client)
  client.exec('create table counter (id integer primary key, value integer)')
  client.prepare('insert into counter values (1, 13)').run()
  const text = 'select value from counter where id = 1'
  expect(client.prepare(text).pluck().get()).toBe(13)
  expect(client.prepare(text).get()).toEqual({ value: 13 })
  expect(client.prepare(text).raw().get()).toEqual([13])
  expect(client.prepare(text).get()).toEqual({ value: 13 })
  client.close()
})
