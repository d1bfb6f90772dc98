import { expect, test } from 'vitest'
import { isSamePerson } from '../../web/lib/remembered-account.ts'

// A page of one area sends and shows the other area's unsent work only when both areas
// last knew the same person (decision 029): on a shared browser, someone else's stays theirs.

const user = (organizationId: string, email: string) =>
  JSON.stringify({ id: 'u', organizationId, email, name: 'N' })

test('the same organisation and address, in any case, is one person', () => {
  expect(isSamePerson(user('org-1', 'Anna@Example.com'), user('org-1', 'anna@example.com'))).toBe(
    true,
  )
})

test('another address, another organisation, nobody or an unreadable text is not', () => {
  expect(isSamePerson(user('org-1', 'anna@example.com'), user('org-1', 'ben@example.com'))).toBe(
    false,
  )
  expect(isSamePerson(user('org-1', 'anna@example.com'), user('org-2', 'anna@example.com'))).toBe(
    false,
  )
  expect(isSamePerson(null, user('org-1', 'anna@example.com'))).toBe(false)
  expect(isSamePerson('{', '{')).toBe(false)
  expect(isSamePerson(JSON.stringify({ id: 'u' }), JSON.stringify({ id: 'u' }))).toBe(false)
})
