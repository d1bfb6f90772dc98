import type { SmtpReceiver } from './mail-server.ts'
import type { ReceivedMail } from './smtp-receiver.ts'
import type { TestServer } from './test-server.ts'

/** Closes what startServerWithMail started: the server, then its receiver (if they started). */
export async function closeServerWithMail(server?: TestServer, receiver?: SmtpReceiver) {
  await server?.close()
  await receiver?.stop()
}

/** The token of the address-change link in `mail` (…/confirm-email/<token>). */
export const confirmationTokenIn = (mail: ReceivedMail) =>
  (mail.parsed.text ?? '').match(/\/confirm-email\/([a-z2-7]+)/)?.[1] as string
