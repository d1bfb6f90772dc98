import { expect, test } from 'vitest'
import { parseEnv } from '#server/env'
import { redactPath } from '#server/logger'
import { describeMailServer, isPermanentRefusal } from '#server/mail/smtp-transport'

// The mail settings (README, Mail): a bad one stops the start with a message naming it.

const SMTP = {
  SMTP_URL: 'smtps://mailer:p%40ss@mail.example.com',
  MAIL_FROM: 'Centraal <centraal@example.com>',
  PUBLIC_URL: 'https://centraal.example.com',
}

test('SMTP_URL needs PUBLIC_URL and MAIL_FROM; a sender on two lines or another scheme is refused', () => {
  expect(parseEnv(SMTP).SMTP_URL).toBe(SMTP.SMTP_URL)
  expect(() => parseEnv({ ...SMTP, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: required with SMTP_URL/)
  expect(() => parseEnv({ ...SMTP, MAIL_FROM: '' })).toThrow(/MAIL_FROM: required with SMTP_URL/)
  expect(() => parseEnv({ ...SMTP, MAIL_FROM: 'Centraal\r\nBcc: x@y.z <a@b.c>' })).toThrow(
    /MAIL_FROM/,
  )
  expect(() => parseEnv({ ...SMTP, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/)
  expect(parseEnv({ ...SMTP, MAIL_FROM: 'centraal@example.com' }).MAIL_FROM).toBe(
    'centraal@example.com',
  )
  // Without SMTP_URL nothing more is needed: mails are kept for the outbox page.
  expect(parseEnv({}).SMTP_URL).toBeUndefined()
  expect(parseEnv({}).MAIL_RETRY_BASE_MS).toBe(10_000)
})

test('the outbox page names host, port, TLS and user, never the password', () => {
  const server = describeMailServer({ SMTP_URL: SMTP.SMTP_URL })
  expect(server).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'mailer' })
  expect(JSON.stringify(server)).not.toContain('p@ss')
  expect(describeMailServer({ SMTP_URL: 'smtp://127.0.0.1:2525' })?.port).toBe(2525)
  expect(describeMailServer({ SMTP_URL: undefined })).toBeNull()
})

test('a 5xx answer fails for good; 4xx and connection errors are tried again', () => {
  expect(isPermanentRefusal({ responseCode: 550 })).toBe(true)
  expect(isPermanentRefusal({ responseCode: 451 })).toBe(false)
  expect(isPermanentRefusal({ code: 'ECONNREFUSED' })).toBe(false)
})

test('the token of a reset link never reaches a log line', () => {
  expect(redactPath('/api/auth/reset-password/abcdefghijklmnop')).toBe(
    '/api/auth/reset-password/:token',
  )
  expect(redactPath('/gold-estates/reset-password/abcdefghijklmnop?x=1')).toBe(
    '/gold-estates/reset-password/:token',
  )
})
