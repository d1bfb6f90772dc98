import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Env } from '../env.ts'

/** Encrypts secrets kept at rest (Google tokens); see getSecretBox. */
export type SecretBox = {
  /** AES-256-GCM of the text; `purpose` (column and organisation) must match on open. */
  seal(plaintext: string, purpose: string): string
  /** The text back; throws when the key, the purpose or the ciphertext is not the one sealed. */
  open(sealed: string, purpose: string): string
}

const VERSION = 'v1'
const KEY_FILE = 'secret.key'
const boxes = new Map<string, SecretBox>()

function parseKey(hex: string, source: string): Buffer {
  const text = hex.trim()
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${source} must hold 64 hex characters`)
  return Buffer.from(text, 'hex')
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE)
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseKey(readFileSync(file, 'utf8'), file)
}

/**
 * The box for this installation: the key is SECRETS_KEY, or 32 random bytes generated once
 * into SYSTEM_DIR/secret.key (DATA_DIR unless set) (mode 0600). Losing that file (or changing SECRETS_KEY) makes the
 * stored tokens unreadable; the Drive connection must then be made again.
 */
export function getSecretBox(env: Pick<Env, 'SECRETS_KEY' | 'SYSTEM_DIR'>): SecretBox {
  const cacheKey = `${env.SYSTEM_DIR}\0${env.SECRETS_KEY ?? ''}`
  const cached = boxes.get(cacheKey)
  if (cached) return cached
  const key = env.SECRETS_KEY
    ? parseKey(env.SECRETS_KEY, 'SECRETS_KEY')
    : readOrCreateKeyFile(env.SYSTEM_DIR)
  const box: SecretBox = {
    seal(plaintext, purpose) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(purpose))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))
      return [VERSION, ...parts].join(':')
    },
    open(sealed, purpose) {
      const [version, iv, tag, body] = sealed.split(':')
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('not a sealed secret')
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(purpose))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
  boxes.set(cacheKey, box)
  return box
}
