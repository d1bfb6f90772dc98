import { createServer } from 'node:net'

/**
 * A loopback port that was free a moment ago, for a server whose own URL must be known
 * before it starts (PUBLIC_URL, a registered redirect URI).
 */
export async function findFreePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port assigned')
  return address.port
}
