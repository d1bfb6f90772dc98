import { type FormEvent, useState } from 'react'
import type { ChoosableOrganisation } from '../components/organisation-choice.tsx'
import { describeError } from './server-message.ts'
import { showToast } from './toasts.ts'

type Credentials = { email: string; password: string }

/** The server's offer when the password matched accounts in several organisations. */
type LoginChoice = { choiceToken: string; organisations: ChoosableOrganisation[] }

type LoginCalls = {
  /** Sends the form's e-mail and password. */
  login: (credentials: Credentials) => Promise<{ choice: LoginChoice } | { user: unknown }>
  /** Opens the organisation the person chose. */
  choose: (chosen: { choiceToken: string; organisationId: string }) => Promise<unknown>
  /** After the session is open: the area's welcome and first screen. */
  enter: () => Promise<void>
  /** The failure toast's text when the server gives no reason. */
  failedDescription: string
}

/**
 * A login form's sending (docs/behaviour.md, Inloggen), for either area: e-mail and password,
 * then "Kies je organisatie" when the password matched accounts in several organisations.
 */
export function useLogin({ login, choose, enter, failedDescription }: LoginCalls) {
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [choice, setChoice] = useState<LoginChoice | null>(null)
  const [choosingId, setChoosingId] = useState<string | null>(null)

  function fail(error: unknown) {
    showToast({
      title: 'Login mislukt',
      description: describeError(error, failedDescription),
      variant: 'destructive',
    })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    setIsSubmitting(true)
    try {
      const answer = await login({ email, password })
      if ('choice' in answer) {
        setChoice(answer.choice)
        setIsSubmitting(false)
        return
      }
      await enter()
    } catch (error) {
      fail(error)
      setIsSubmitting(false)
    }
  }

  async function chooseOrganisation(organisationId: string) {
    if (!choice) return
    setChoosingId(organisationId)
    try {
      await choose({ choiceToken: choice.choiceToken, organisationId })
      await enter()
    } catch (error) {
      fail(error)
      setChoosingId(null)
      setChoice(null)
    }
  }

  return {
    isSubmitting,
    choosingId,
    /** Set while the person picks an organisation. */
    choice,
    submit,
    chooseOrganisation,
    /** Back from the choice to the form. */
    cancelChoice: () => setChoice(null),
  }
}
