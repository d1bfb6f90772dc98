import { hash, verify } from '@node-rs/argon2'

// argon2id with the OWASP minimum parameters (docs/architecture.md, Sign-in and sessions).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// A hash of a random password, verified against when the account does not exist, so a
// wrong e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

/** Checks a password; with no stored hash it still spends the time of one check. */
export async function verifyPassword(storedHash: string | null | undefined, password: string) {
  if (!storedHash) {
    decoyHash ??= hashPassword(crypto.randomUUID())
    await verify(await decoyHash, password)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
