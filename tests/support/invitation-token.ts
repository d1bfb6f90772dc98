import { expect } from 'vitest'
import { eventually } from './eventually.ts'
import type { startSmtpReceiver } from './smtp-receiver.ts'

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>

/**
 * The setup token of the invitation mail `address` received (with SMTP_URL the link goes
 * there, never into the administrator's answer). The mail is taken out of the receiver's
 * list, so a test that counts the mails after it counts only its own.
 */
export async function takeInvitationToken(receiver: Receiver, address: string): Promise<string> {
  return eventually(() => {
    const index = receiver.received.findIndex(
      (mail) => mail.rcptTo.includes(address) && /\/setup\/[a-z2-7]+/.test(mail.parsed.text ?? ''),
    )
    expect(index, `an invitation to ${address}`).toBeGreaterThanOrEqual(0)
    const [mail] = receiver.received.splice(index, 1)
    return (mail?.parsed.text ?? '').match(/\/setup\/([a-z2-7]+)/)?.[1] as string
  })
}
