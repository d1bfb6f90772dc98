import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
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
  const { refetchUser } = useCurrentUserState()
  const navigate = useNavigate()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { email = '', password = '' } = readFormValues(event)
    setIsSubmitting(true)
    try {
      await api.auth.login.email.$post({ json: { email, password } })
      showToast({ title: 'Login geslaagd', description: 'Je wordt ingelogd...' })
      // The signed-in routes replace this screen as soon as the user is known.
      await refetchUser()
      navigate('/', { replace: true })
    } catch (error) {
      showToast({
        title: 'Login mislukt',
        description: describeError(error, 'Ongeldige inloggegevens'),
        variant: 'destructive',
      })
      setIsSubmitting(false)
    }
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
