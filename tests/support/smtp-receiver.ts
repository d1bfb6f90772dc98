import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { findFreePort } from './free-port.ts'

/**
 * A mail as the receiver got it: the envelope's recipients, the raw text, its parts and
 * when its last byte arrived (performance.now(), for the bench's commit-to-SMTP time).
 */
export type ReceivedMail = { rcptTo: string[]; raw: string; parsed: ParsedMail; at: number }

/**
 * A real SMTP server on loopback (smtp-server, no TLS, any login) that keeps what it
 * receives; it can be stopped and started again on the same port, as a mail server that
 * goes away and comes back.
 */
export async function startSmtpReceiver(
  options: {
    refuse?: (address: string) => boolean
    /**
     * How long the server takes to accept a mail's data, as a slow relay does; read for
     * each mail, so a test may change it on the object it passed.
     */
    acceptAfterMs?: number
  } = {},
) {
  const port = await findFreePort()
  const received: ReceivedMail[] = []
  let server: SMTPServer | null = null

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      // A login over plain text on loopback, as a relay with a user and password asks.
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'centraal' }),
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.refuse?.(address.address)) {
          const refusal = new Error('Mailbox unavailable') as Error & { responseCode: number }
          refusal.responseCode = 550
          callback(refusal)
        } else callback()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', async () => {
          const at = performance.now()
          const raw = Buffer.concat(chunks).toString('utf8')
          received.push({
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            parsed: await simpleParser(raw),
            at,
          })
          setTimeout(() => callback(), options.acceptAfterMs ?? 0)
        })
      },
    })
    const listening = server
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => resolve())
    })
  }

  await start()
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** The mails sent to `address`. */
    to: (address: string) => received.filter((mail) => mail.rcptTo.includes(address)),
    start,
    async stop() {
      const closing = server
      server = null
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()))
    },
  }
}
