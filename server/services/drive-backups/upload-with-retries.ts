import { describeGoogleError } from '../../integrations/google/describe-google-error.ts'

const UPLOAD_ATTEMPTS = 3

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('Backup afgebroken: de server stopt'))
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new Error('Backup afgebroken: de server stopt'))
      },
      { once: true },
    )
  })
}

/** An upload that failed every attempt; its message says which file and why. */
export class UploadFailed extends Error {}

/** Tries an upload UPLOAD_ATTEMPTS times, waiting retryBaseMs, then twice that, between. */
export async function uploadWithRetries(
  name: string,
  upload: () => Promise<unknown>,
  options: { retryBaseMs: number; signal?: AbortSignal },
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload()
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS || options.signal?.aborted) {
        throw new UploadFailed(
          `Upload van ${name} mislukt na ${attempt} pogingen: ${describeGoogleError(error)}`,
          { cause: error },
        )
      }
      await sleep(options.retryBaseMs * 2 ** (attempt - 1), options.signal)
    }
  }
}
