import { expect, test } from 'vitest'
import { describeLoginError, LOGIN_ERRORS } from '#schema/login-errors'

test('the sign-in page shows fixed texts for known codes and nothing for anything else', () => {
  expect(describeLoginError('no_account')).toBe(LOGIN_ERRORS.no_account)
  expect(describeLoginError('Your account is locked, call +31 6 12345678')).toBeUndefined()
  expect(describeLoginError('toString')).toBeUndefined()
  expect(describeLoginError('')).toBeUndefined()
  expect(describeLoginError(null)).toBeUndefined()
})
