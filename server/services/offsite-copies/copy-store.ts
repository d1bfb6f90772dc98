import { createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Env } from '../../env.ts'
import { makeCopyKey, organisationPrefix } from './copy-keys.ts'

/** Where off-machine copies go; see openCopyStore. */
export type CopyStore = Awaited<ReturnType<typeof openCopyStore>>

const ignore = () => {}
const SILENT = { debug: ignore, info: ignore, warn: ignore, error: ignore }

/** The S3 settings of the env, or undefined when copies are off (no bucket). */
export function readCopySettings(env: Env) {
  if (!env.S3_COPY_BUCKET) return undefined
  return {
    bucket: env.S3_COPY_BUCKET,
    prefix: env.S3_COPY_PREFIX,
    region: env.S3_COPY_REGION,
    endpoint: env.S3_COPY_ENDPOINT,
    forcePathStyle: env.S3_COPY_FORCE_PATH_STYLE,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
        : undefined,
  }
}

/**
 * The copies in one bucket under one prefix: `<prefix><organisation>/<time>.sqlite`, each
 * marked with the organisation's id in its metadata. A single PUT carries a file (S3 takes
 * up to 5 GB so; an organisation's file is tens of MB), streamed from disk.
 */
export async function openCopyStore(settings: NonNullable<ReturnType<typeof readCopySettings>>) {
  // The S3 client is loaded only where copies are on: 3.4 MB of an idle server's 27 MB
  // heap, which a server without a bucket never needs.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3')
  const { bucket, prefix, region, endpoint, forcePathStyle, credentials } = settings
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials,
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // SDK's default streamed CRC trailers, and the restore checks the file itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK would warn on the console at each failed upload; the copies log once.
    logger: SILENT,
  })
  return {
    /**
     * Uploads the file as the organisation's copy made at `madeAt`; returns its key. The
     * file is opened before the upload and its stream destroyed after it, whatever the
     * outcome: a stream that opened its file lazily could open it after an aborted upload's
     * caller removed it, and its ENOENT had no listener (an uncaught exception).
     */
    async put(organisationId: string, file: string, madeAt: Date, abortSignal?: AbortSignal) {
      const key = makeCopyKey(prefix, organisationId, madeAt)
      const handle = await open(file)
      const body = handle.createReadStream({ highWaterMark: 256 * 1024 })
      try {
        const { size } = await handle.stat()
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: 'application/vnd.sqlite3',
            Metadata: { 'organisation-id': organisationId },
          }),
          { abortSignal },
        )
      } finally {
        body.destroy()
      }
      return key
    },

    /** The organisation's copies' keys, oldest first (the time in the key sorts). */
    async list(organisationId: string, abortSignal?: AbortSignal) {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: organisationPrefix(prefix, organisationId),
            ContinuationToken: token,
          }),
          { abortSignal },
        )
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },

    /** Writes the copy under `key` to `file`; returns the organisation its metadata names. */
    async download(key: string, file: string) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`)
      await pipeline(answer.Body, createWriteStream(file, { mode: 0o600 }))
      return { organisationId: answer.Metadata?.['organisation-id'] }
    },

    delete: (key: string, abortSignal?: AbortSignal) =>
      client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), { abortSignal }),

    close: () => client.destroy(),
  }
}
