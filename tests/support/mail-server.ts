import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { mailOutbox } from '#schema/db/system'
import { eventually } from './eventually.ts'
import { findFreePort } from './free-port.ts'
import { type ReceivedMail, startSmtpReceiver } from './smtp-receiver.ts'
import { startTestServer, type TestServer } from './test-server.ts'

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>

/**
 * A real SMTP server on loopback and a test server that sends its mail there, with
 * PUBLIC_URL on the server's own port (the links in its mails open on it); `settings`
 * (or settings made from the receiver) add to or override the mail settings.
 */
export async function startServerWithMail(
  settings: Record<string, string> | ((receiver: SmtpReceiver) => Record<string, string>) = {},
  receiverOptions: Parameters<typeof startSmtpReceiver>[0] = {},
) {
  const receiver = await startSmtpReceiver(receiverOptions)
  try {
    const port = await findFreePort()
    const server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: receiver.url,
      MAIL_FROM: 'Centraal <centraal@example.test>',
      ...(typeof settings === 'function' ? settings(receiver) : settings),
    })
    return { receiver, server }
  } catch (error) {
    await receiver.stop()
    throw error
  }
}

/** The first mail to `address`, once one has arrived. */
export function firstMailTo(receiver: SmtpReceiver, address: string): Promise<ReceivedMail> {
  return eventually(() => {
    const [received] = receiver.to(address)
    expect(received).toBeDefined()
    return received as ReceivedMail
  })
}

/** The `count`th mail to `address`, once exactly `count` have arrived. */
export function nthMailTo(receiver: SmtpReceiver, address: string, count = 1) {
  return eventually(() => {
    const mails = receiver.to(address)
    expect(mails).toHaveLength(count)
    return mails[count - 1] as ReceivedMail
  })
}

/**
 * Once the delivery job has handed every mail of the system outbox to the mail server
 * (none left pending): what it would send later, it has sent, and the receiver holds it.
 */
export function allMailSent(server: TestServer) {
  return eventually(() => {
    const pending = server.deps.systemDb
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .all()
    expect(pending).toEqual([])
  })
}
