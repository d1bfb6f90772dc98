import { request } from 'node:http'

const MIB = 1024 * 1024
const OPENING = Buffer.from('{"name":"')

/**
 * Sends a JSON body of `mib` MiB (200 by default) to `path`, a MiB at a time while the
 * server reads, and stops sending once it answers. `declared`: with the body's length in
 * content-length (the server may answer before reading any of it); otherwise chunked, so
 * the server must count what arrives. Answers the status, the answer's message and how
 * much was sent before the answer: "refused quickly" is a body left mostly unsent, not a
 * duration.
 */
export function sendOversizedBody(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  options: { mib?: number; declared: boolean },
) {
  const total = (options.mib ?? 200) * MIB
  // A string value that never ends: valid JSON up to the point the server stops reading.
  const chunk = Buffer.alloc(MIB, 'a')
  return new Promise<{ status: number; message: string; sentMib: number }>((resolve, reject) => {
    let sent = 0
    let answered = false
    const outgoing = request(`${url}${path}`, {
      method,
      headers: {
        ...headers,
        'content-type': 'application/json',
        ...(options.declared ? { 'content-length': String(total) } : {}),
      },
    })
    outgoing.on('response', (incoming) => {
      answered = true
      const parts: Buffer[] = []
      incoming.on('data', (part: Buffer) => parts.push(part))
      incoming.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        let message = ''
        try {
          message = JSON.parse(text).message ?? ''
        } catch {}
        resolve({ status: incoming.statusCode ?? 0, message, sentMib: sent / MIB })
        outgoing.destroy()
      })
    })
    // The server may close the connection as it answers: only an error before the answer
    // is a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
    const pump = () => {
      while (!answered && sent < total) {
        const part = sent === 0 ? Buffer.concat([OPENING, chunk.subarray(OPENING.length)]) : chunk
        sent += part.length
        if (!outgoing.write(part)) {
          outgoing.once('drain', pump)
          return
        }
      }
      if (!answered) outgoing.end()
    }
    pump()
  })
}
