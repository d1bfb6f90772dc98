import type { Redis } from 'ioredis'
import type { RateLimiterRes } from 'rate-limiter-flexible'
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js'
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js'
import { AppError } from '../errors/app-error.ts'

const FIFTEEN_MINUTES = 15 * 60
const HOUR = 60 * 60
const TOO_MANY = 'Te veel pogingen. Probeer het later opnieuw.'

function tooMany(msBeforeNext: number, message = TOO_MANY): never {
  throw new AppError('too_many_requests', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  })
}

type Limiter = RateLimiterMemory | RateLimiterRedis
type Limits = { name: string; points: number; windowSeconds: number; message?: string }

/**
 * A counter of attempts per key: in this process's memory, or in the Redis that several
 * server processes share (REDIS_URL), so an attacker gains nothing by reaching another
 * process. While Redis cannot be reached, a process counts in its own memory meanwhile.
 */
function createLimiter(redis: Redis | undefined, { name, points, windowSeconds }: Limits) {
  const inMemory = new RateLimiterMemory({ points, duration: windowSeconds })
  if (!redis) return inMemory
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `centraal:throttle:${name}`,
    points,
    duration: windowSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: inMemory,
  })
}

/** How long a key must still wait, in ms, once it has used all its points; 0 while it may. */
async function waitOf(limiter: Limiter, key: string) {
  const state: RateLimiterRes | null = await limiter.get(key)
  return state && state.consumedPoints >= limiter.points ? state.msBeforeNext : 0
}

/**
 * Failed sign-ins, counted per client address and per (account, address), never per
 * account alone: one address's failures never lock out another address, so a stranger
 * guessing someone's password cannot keep that person out. Counted as createLimiter says
 * (in memory, a restart gives an attacker one window back; or in the shared Redis).
 */
export class SignInThrottle {
  readonly #perAddress: Limiter
  readonly #perAccountAddress: Limiter

  constructor(
    limits: { name: string; perAddress: number; perAccountAddress: number; windowSeconds: number },
    redis?: Redis,
  ) {
    this.#perAddress = createLimiter(redis, {
      name: `${limits.name}:address`,
      points: limits.perAddress,
      windowSeconds: limits.windowSeconds,
    })
    this.#perAccountAddress = createLimiter(redis, {
      name: `${limits.name}:account`,
      points: limits.perAccountAddress,
      windowSeconds: limits.windowSeconds,
    })
  }

  /** 429 with Retry-After when this address, or this account from it, failed too often. */
  async check(address: string, account: string) {
    const wait = Math.max(
      await waitOf(this.#perAddress, address),
      await waitOf(this.#perAccountAddress, `${account}\n${address}`),
    )
    if (wait > 0) tooMany(wait)
  }

  /** Counts one failed attempt. */
  async recordFailure(address: string, account: string) {
    await Promise.allSettled([
      this.#perAddress.consume(address),
      this.#perAccountAddress.consume(`${account}\n${address}`),
    ])
  }

  /** A successful sign-in clears that account's failures from that address. */
  async recordSuccess(address: string, account: string) {
    await this.#perAccountAddress.delete(`${account}\n${address}`)
  }
}

/** Attempts per client address: the caller says which attempts count. */
export class AddressThrottle {
  readonly #limiter: Limiter
  readonly #message: string | undefined

  constructor(limits: Limits, redis?: Redis) {
    this.#limiter = createLimiter(redis, limits)
    this.#message = limits.message
  }

  /** 429 with Retry-After (and the limit's own words, if it has them) once the key is used up. */
  async check(address: string) {
    const wait = await waitOf(this.#limiter, address)
    if (wait > 0) tooMany(wait, this.#message)
  }

  /** Counts one attempt. */
  async record(address: string) {
    await this.#limiter.consume(address).catch(() => undefined)
  }

  /** Runs `attempt`, counting it only when it fails (a wrong or used setup link). */
  async countFailure<T>(address: string, attempt: () => Promise<T>): Promise<T> {
    await this.check(address)
    try {
      return await attempt()
    } catch (error) {
      await this.record(address)
      throw error
    }
  }
}

/** Every throttle of the process. */
export type Throttles = {
  /** Central and Gold Estates password sign-in (the account key names its area). */
  signIn: SignInThrottle
  /** Self-registration: every attempt that gets as far as hashing a password counts. */
  registration: AddressThrottle
  /** Setup by link and first-time setup: failed attempts count. */
  setup: AddressThrottle
  /** Forgot-password requests: every one counts, per client and per address asked for. */
  forgotPassword: { perClient: AddressThrottle; perAddress: AddressThrottle }
  /** "Stuur een testmail": every one counts, per person asking. */
  testMail: AddressThrottle
  /**
   * Invitation mails (issue 46 §4): per invitation (kind, organisation, account) once per
   * few minutes and a few a day, and per recipient address a day, whichever organisation
   * asks: nobody can make a stranger's mailbox the target of a flood.
   */
  invitations: {
    perAccount: AddressThrottle
    perAccountDaily: AddressThrottle
    perAddress: AddressThrottle
  }
  /** Own address changes: every request counts, per account (each one mails two people). */
  addressChange: AddressThrottle
}

const DAY = 24 * HOUR
// An invitation's limits count over the time their message tells the sender to wait.
const RESENT_TOO_SOON = {
  windowSeconds: 5 * 60,
  message:
    'Er is net een uitnodiging naar dit adres verstuurd. Probeer het over enkele minuten opnieuw.',
}
const RESENT_TOO_OFTEN = {
  windowSeconds: DAY,
  message:
    'Er zijn vandaag al genoeg uitnodigingen naar dit adres verstuurd. Probeer het morgen opnieuw.',
}

/** The limits the product runs with; counted in Redis when server processes share one. */
export function createThrottles(redis?: Redis): Throttles {
  const limit = (limits: Limits) => new AddressThrottle(limits, redis)
  return {
    signIn: new SignInThrottle(
      { name: 'sign-in', perAddress: 50, perAccountAddress: 5, windowSeconds: FIFTEEN_MINUTES },
      redis,
    ),
    registration: limit({ name: 'registration', points: 10, windowSeconds: HOUR }),
    setup: limit({ name: 'setup', points: 20, windowSeconds: FIFTEEN_MINUTES }),
    forgotPassword: {
      perClient: limit({
        name: 'forgot-password:client',
        points: 20,
        windowSeconds: FIFTEEN_MINUTES,
      }),
      perAddress: limit({ name: 'forgot-password:address', points: 5, windowSeconds: HOUR }),
    },
    testMail: limit({ name: 'test-mail', points: 5, windowSeconds: FIFTEEN_MINUTES }),
    invitations: {
      perAccount: limit({ name: 'invitation:account', points: 1, ...RESENT_TOO_SOON }),
      perAccountDaily: limit({ name: 'invitation:account-day', points: 5, ...RESENT_TOO_OFTEN }),
      perAddress: limit({ name: 'invitation:address', points: 10, ...RESENT_TOO_OFTEN }),
    },
    addressChange: limit({ name: 'address-change', points: 5, windowSeconds: HOUR }),
  }
}
