import { hash, verify } from '@node-rs/argon2'
import type { Env } from '../env.ts'

// argon2id with the OWASP minimum parameters (docs/architecture.md, Sign-in and sessions).
const OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// TEST_PASSWORD_HASHING=fast (NODE_ENV=test only): still argon2id, about a millisecond
// instead of tens. A stored hash names its own parameters, so either kind verifies anywhere.
const FAST_FOR_TESTS = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const

/** Which parameters new hashes get: the settings' part that chooses them. */
export type PasswordHashing = Pick<Env, 'TEST_PASSWORD_HASHING'>

const optionsOf = (hashing: PasswordHashing) =>
  hashing.TEST_PASSWORD_HASHING === 'fast' ? FAST_FOR_TESTS : OWASP

// Per parameters, a hash of a random password, verified against when the account does not
// exist, so a wrong e-mail costs the same time as a wrong password.
const decoyHashes = new Map<ReturnType<typeof optionsOf>, Promise<string>>()

/** Hashes a password with argon2id. */
export function hashPassword(password: string, hashing: PasswordHashing): Promise<string> {
  return hash(password, optionsOf(hashing))
}

/** Checks a password; with no stored hash it still spends the time of one check. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
  hashing: PasswordHashing,
) {
  if (!storedHash) {
    const options = optionsOf(hashing)
    let decoy = decoyHashes.get(options)
    if (!decoy) {
      decoy = hash(crypto.randomUUID(), options)
      decoyHashes.set(options, decoy)
    }
    await verify(await decoy, password)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
