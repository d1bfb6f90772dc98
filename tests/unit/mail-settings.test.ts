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

test('DKIM takes its three settings together, a domain, a selector and a key that signs', async () => {
  const { generateKeyPairSync } = await import('node:crypto')
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const DKIM = {
    MAIL_DKIM_DOMAIN: 'example.com',
    MAIL_DKIM_SELECTOR: 'centraal',
    MAIL_DKIM_PRIVATE_KEY: pem,
  }
  expect(parseEnv({ ...SMTP, ...DKIM }).MAIL_DKIM_PRIVATE_KEY).toBe(pem.trim())
  // One line with \n written out, as an .env file or a container setting holds it.
  expect(
    parseEnv({ ...SMTP, ...DKIM, MAIL_DKIM_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n') })
      .MAIL_DKIM_PRIVATE_KEY,
  ).toBe(pem.trim())
  expect(() => parseEnv({ ...SMTP, MAIL_DKIM_DOMAIN: 'example.com' })).toThrow(
    /MAIL_DKIM_DOMAIN: set MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY together/,
  )
  expect(() => parseEnv({ ...SMTP, ...DKIM, MAIL_DKIM_PRIVATE_KEY: 'not a key' })).toThrow(
    /MAIL_DKIM_PRIVATE_KEY: a private key in PEM/,
  )
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  expect(() => parseEnv({ ...SMTP, ...DKIM, MAIL_DKIM_PRIVATE_KEY: publicPem })).toThrow(
    /MAIL_DKIM_PRIVATE_KEY/,
  )
  expect(() => parseEnv({ ...SMTP, ...DKIM, MAIL_DKIM_DOMAIN: 'exa mple\r\n.com' })).toThrow(
    /MAIL_DKIM_DOMAIN: a domain name/,
  )
  expect(() => parseEnv({ ...SMTP, ...DKIM, MAIL_DKIM_SELECTOR: 'a;b=c' })).toThrow(
    /MAIL_DKIM_SELECTOR/,
  )
})
