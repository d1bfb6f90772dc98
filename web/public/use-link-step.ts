import { useState } from 'react'
import { describeError } from '../lib/server-message.ts'

type LinkStep<Done> =
  | { step: 'ask' | 'submitting' }
  | { step: 'done'; answer: Done }
  | { step: 'refused'; message: string }

/**
 * The one step a mailed link asks for (a new password, a new address): asked, sending, then
 * done with the server's answer or refused with the reason (the server's, or `failedText`).
 */
export function useLinkStep<Done>(failedText: string) {
  const [state, setState] = useState<LinkStep<Done>>({ step: 'ask' })
  /** Sends the step; the server's answer once it is done, undefined when refused. */
  async function send(request: () => Promise<Done>) {
    setState({ step: 'submitting' })
    try {
      const answer = await request()
      setState({ step: 'done', answer })
      return answer
    } catch (error) {
      setState({ step: 'refused', message: describeError(error, failedText) })
      return undefined
    }
  }
  const refuse = (message: string) => setState({ step: 'refused', message })
  return { state, send, refuse }
}

/** A link's token as a path parameter (hc puts the parameter in the path as it is). */
export function toTokenParam(token: string | undefined) {
  return { token: encodeURIComponent(token ?? '') }
}
