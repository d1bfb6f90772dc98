import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const toBrotli = promisify(brotliCompress)
const toGzip = promisify(gzip)

/** Files worth compressing: text, above a kilobyte (smaller gains less than a header costs). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

/**
 * Writes a .br and a .gz beside every text file of the built web app, at the highest
 * settings (done once per build, so it may take a few seconds); the server sends the one
 * the browser accepts (serveStatic's `precompressed`). Returns bytes before and after.
 */
export async function precompressWebApp(webRoot: string) {
  const files = readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(webRoot, file))
    .filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES)
  let before = 0
  let after = 0
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file)
      const [brotli, gzipped] = await Promise.all([
        toBrotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        toGzip(content, { level: 9 }),
      ])
      writeFileSync(`${file}.br`, brotli)
      writeFileSync(`${file}.gz`, gzipped)
      before += content.length
      after += brotli.length
    }),
  )
  return { files: files.length, before, after }
}
