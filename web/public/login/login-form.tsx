import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import {
  type ChoosableOrganisation,
  OrganisationChoice,
} from '../../components/organisation-choice.tsx'
import { api } from '../../lib/api-client.ts'
import { useCurrentUserState } from '../../lib/current-user.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { readFormValues } from '../form-values.ts'
import { SignInOptions } from './sign-in-options.tsx'

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring'

/** The login content shared by the /login page and the landing page's dialog (docs/behaviour.md). */
export function LoginForm() {
  const [isSubmitting, setIsSubmitting] = useState(false)
  // Set when the password matched accounts in several organisations ("Kies je organisatie").
  const [choice, setChoice] = useState<{
    choiceToken: string
    organisations: ChoosableOrganisation[]
  } | null>(null)
  const [choosingId, setChoosingId] = useState<string | null>(null)
  const { refetchUser } = useCurrentUserState()
  const navigate = useNavigate()

  async function enter() {
    showToast({ title: 'Login geslaagd', description: 'Je wordt ingelogd...' })
    // The signed-in routes replace this screen as soon as the user is known.
    await refetchUser()
    navigate('/', { replace: true })
  }

  function fail(error: unknown) {
    showToast({
      title: 'Login mislukt',
      description: describeError(error, 'Ongeldige inloggegevens'),
      variant: 'destructive',
    })
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { email = '', password = '' } = readFormValues(event)
    setIsSubmitting(true)
    try {
      const answer = await (await api.auth.login.email.$post({ json: { email, password } })).json()
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

  async function choose(organisationId: string) {
    if (!choice) return
    setChoosingId(organisationId)
    try {
      await api.auth.login.choose.$post({
        json: { choiceToken: choice.choiceToken, organisationId },
      })
      await enter()
    } catch (error) {
      fail(error)
      setChoosingId(null)
      setChoice(null)
    }
  }

  if (choice) {
    return (
      <OrganisationChoice
        organisations={choice.organisations}
        choosingId={choosingId}
        onChoose={(id) => void choose(id)}
        onBack={() => setChoice(null)}
      />
    )
  }

  return (
    <div className="grid gap-6">
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@example.com"
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          toggleLabels={{ show: 'Show password', hide: 'Hide password' }}
          labelAside={
            <Link to="/forgot-password" className={`${linkClass} text-xs`}>
              Forgot password
            </Link>
          }
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
      <SignInOptions />
      <div className="grid gap-1 text-center text-muted-foreground text-sm">
        <p>
          Don't have an account?{' '}
          <Link to="/register" className={linkClass}>
            Sign up
          </Link>
        </p>
        <p>
          Trouble signing in?{' '}
          <Link to="/help" className={linkClass}>
            Get help
          </Link>
        </p>
      </div>
    </div>
  )
}
