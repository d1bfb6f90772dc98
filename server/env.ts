import { createPrivateKey } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import { REGISTRATION_MODES } from '#schema/auth'

// The one place that reads process.env. A bad value stops the start with a message
// that names the setting.

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** Whether the text is a private key node:crypto can sign with. */
function isPrivateKey(pem: string) {
  try {
    return createPrivateKey(pem).type === 'private'
  } catch {
    return false
  }
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Where system.sqlite and secret.key live; unset: DATA_DIR. Machines that share one
     * system file (README, Two machines) each have their own DATA_DIR and this one directory.
     */
    SYSTEM_DIR: optional,
    /**
     * This machine's name among several (README, Two machines): an organisation placed on
     * another machine is never opened here. Unset: one machine, every organisation is here.
     */
    MACHINE: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,30}$/, 'lowercase letters, digits and -')
        .optional(),
    ),
    /** The machine holding every organisation without a placement (new ones). Unset: MACHINE. */
    HOME_MACHINE: optional,
    SALES_HOST: z.string().min(1).default('sales.localhost'),
    PUBLIC_URL: optional.pipe(z.url().optional()),
    OIDC_ISSUER: optional.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optional,
    OIDC_CLIENT_SECRET: optional,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GOOGLE_SERVICE_ACCOUNT_JSON: optional,
    GOOGLE_API_ROOT: optional.pipe(z.url().optional()),
    /**
     * Encrypts Google tokens at rest (AES-256-GCM): 32 bytes as 64 hex characters.
     * Unset: a key is generated once into DATA_DIR/secret.key (mode 0600).
     */
    SECRETS_KEY: optional.pipe(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
        .optional(),
    ),
    /** First retry delay of a failed scheduled backup upload; doubles per attempt. */
    BACKUP_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
    /**
     * How often a machine matches its automatic backups to the organisations it holds: one
     * moved here is scheduled, one moved away is not (README, Two machines).
     */
    BACKUP_HELD_CHECK_SECONDS: z.coerce.number().positive().default(60),
    ORGANISATION_CACHE_SIZE: z.coerce.number().int().min(1).default(64),
    /** Heavy jobs (restore, import, backup, statements zip) that may wait beside the running one. */
    HEAVY_WORK_MAX_WAITING: z.coerce.number().int().min(0).default(8),
    /** Seconds a file or Sheets import may take in the worker before it is ended (413). */
    HEAVY_WORK_IMPORT_SECONDS: z.coerce.number().positive().default(60),
    /** Seconds a restore, backup, statements zip or copy may take before it is ended. */
    HEAVY_WORK_SECONDS: z.coerce.number().positive().default(600),
    /** The heavy worker's heap (V8's old generation, MB); a job that needs more is ended (413). */
    HEAVY_WORKER_HEAP_MB: z.coerce.number().int().min(16).default(384),
    /**
     * With REDIS_URL: how long the machine's heavy-work slot outlives a process that died
     * holding it (renewed every third of it while a job runs).
     */
    HEAVY_WORK_SLOT_TTL_SECONDS: z.coerce.number().int().min(1).default(30),
    LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
    /** Lets the CRM webhook reach loopback and private addresses (tests, local setups). */
    ALLOW_PRIVATE_WEBHOOKS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * One reverse proxy stands in front: the client address is the rightmost
     * X-Forwarded-For entry (for throttles), not the proxy's.
     */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Self-registration at /register: approval (an administrator approves each account),
     * open (active at once; closed networks) or closed.
     */
    REGISTRATION: z.enum(REGISTRATION_MODES).default('approval'),
    /**
     * The Redis that several server processes share (redis://host:port): changes reach
     * every process's event streams, and the sign-in and registration throttles count
     * across processes. Unset: one process, everything in its memory.
     */
    REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    /**
     * A PostgreSQL database for the system directory (sessions, organisations, the login
     * directory: decision 047), shared by every process and machine. Unset: system.sqlite.
     */
    DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** This process's name among several (logs, the change relay); host and pid if unset. */
    NODE_ID: optional,
    /**
     * Off-machine copies: the system file and every organisation file that changed since
     * its last copy go to this S3 bucket each S3_COPY_INTERVAL_SECONDS (60; decision 021).
     * Unset: nothing is copied.
     */
    S3_COPY_BUCKET: optional,
    /** An S3-compatible service's address (MinIO, Garage, R2...); unset: AWS S3 itself. */
    S3_COPY_ENDPOINT: optional.pipe(z.url().optional()),
    S3_COPY_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Keys start with it, then `<organisation>/<time>.sqlite`. */
    S3_COPY_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "letters, digits and !_.*'()/- only")
      .default('centraal/'),
    /** Addresses a bucket as <endpoint>/<bucket> (most S3-compatible services want it). */
    S3_COPY_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * How long after the start a monthly statement run the server missed (it was down at
     * 06:00 on the first) is caught up; 0: never (the tests, which run it themselves).
     */
    MONTHLY_STATEMENTS_CATCH_UP_SECONDS: z.coerce.number().int().min(0).default(300),
    /** A lost machine loses at most this much; also the wait before a failed copy's retry. */
    S3_COPY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
    /** How many copies of each organisation stay in the bucket; older ones are deleted. */
    S3_COPY_KEEP: z.coerce.number().int().min(1).default(48),
    /** The S3 credentials; unset: the AWS SDK's own chain (profile, instance role...). */
    AWS_ACCESS_KEY_ID: optional,
    AWS_SECRET_ACCESS_KEY: optional,
    /**
     * The mail server, smtp://user:pass@host:port or smtps://... (docs: README, Mail). Unset:
     * mails are kept for the platform's SUPERADMIN on Instellingen → E-mail, not sent.
     */
    SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    /** The sender of every mail: `address` or `Name <address>`, on one line. */
    MAIL_FROM: optional.pipe(
      z
        .string()
        .regex(/^[^\r\n<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/, {
          message: 'an address, or a name and <address>, on one line',
        })
        .optional(),
    ),
    /**
     * DKIM signing of every mail (nodemailer's own): the domain (d=), the selector (s=) whose
     * DNS TXT record holds the public key, and the private key in PEM (newlines may be
     * written as \n). All three, or none.
     */
    MAIL_DKIM_DOMAIN: optional.pipe(
      z
        .string()
        .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, { message: 'a domain name' })
        .optional(),
    ),
    MAIL_DKIM_SELECTOR: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9_-]{1,63}(\.[a-z0-9_-]{1,63})*$/i, { message: 'a DKIM selector' })
        .optional(),
    ),
    MAIL_DKIM_PRIVATE_KEY: optional.pipe(
      z
        .string()
        .transform((key) => key.replace(/\\n/g, '\n'))
        .refine(isPrivateKey, { message: 'a private key in PEM (RSA or Ed25519)' })
        .optional(),
    ),
    /** First retry delay of a mail the SMTP server did not take; doubles per attempt. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
    /** First retry delay of a failed webhook delivery; doubles per attempt. */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
    /**
     * Tests only (refused unless NODE_ENV=test): `fast` hashes new passwords with argon2id
     * at a cost the test suites' thousand-odd hashes and checks can pay. Unset: the OWASP
     * parameters (server/auth/password.ts), which tests/api/auth.test.ts checks.
     */
    TEST_PASSWORD_HASHING: optional.pipe(z.enum(['fast']).optional()),
    /**
     * Tests only (refused unless NODE_ENV=test): `seconds` fires an automatic Drive backup's
     * daily schedule ('30 14 * * *': 14:30) at that many seconds past every minute of its
     * hour (14:00:30, 14:01:30, … 14:59:30), so that a test of server processes firing one
     * scheduled run waits seconds for it, not up to a minute (server/jobs/scheduled-backups.ts).
     */
    TEST_BACKUP_SCHEDULE: optional.pipe(z.enum(['seconds']).optional()),
  })
  .superRefine((env, ctx) => {
    for (const setting of ['TEST_PASSWORD_HASHING', 'TEST_BACKUP_SCHEDULE'] as const) {
      if (env[setting] && env.NODE_ENV !== 'test') {
        ctx.addIssue({
          code: 'custom',
          path: [setting],
          message: 'a test setting: set only with NODE_ENV=test',
        })
      }
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET]
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none',
      })
    }
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'required with SMTP_URL: the links in mails must not point at localhost',
      })
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'required with SMTP_URL: the sender of every mail',
      })
    }
    const dkim = [env.MAIL_DKIM_DOMAIN, env.MAIL_DKIM_SELECTOR, env.MAIL_DKIM_PRIVATE_KEY]
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_DKIM_DOMAIN'],
        message:
          'set MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY together, or none',
      })
    }
    if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_ACCESS_KEY_ID'],
        message: 'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together, or none',
      })
    }
  })

/** The parsed settings, with DATA_DIR and SYSTEM_DIR absolute and PUBLIC_URL filled in. */
export type Env = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_URL' | 'SYSTEM_DIR'> & {
  PUBLIC_URL: string
  SYSTEM_DIR: string
}

/** Parses settings; throws an Error naming every bad setting. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    )
    throw new Error(`Invalid settings:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    SYSTEM_DIR: path.resolve(env.SYSTEM_DIR ?? env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  }
}

/** Parses process.env, or prints what is wrong and exits. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
