import { Link, useNavigate } from 'react-router-dom'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { OrganisationChoice } from '../../components/organisation-choice.tsx'
import { api } from '../../lib/api-client.ts'
import { useCurrentUserState } from '../../lib/current-user.tsx'
import { showToast } from '../../lib/toasts.ts'
import { useLogin } from '../../lib/use-login.ts'
import { SignInOptions } from './sign-in-options.tsx'

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring'

/** The login content shared by the /login page and the landing page's dialog (docs/behaviour.md). */
export function LoginForm() {
  const { refetchUser } = useCurrentUserState()
  const navigate = useNavigate()
  const login = useLogin({
    login: async (json) => (await api.auth.login.email.$post({ json })).json(),
    choose: (json) => api.auth.login.choose.$post({ json }),
    enter: async () => {
      showToast({ title: 'Login geslaagd', description: 'Je wordt ingelogd...' })
      // The signed-in routes replace this screen as soon as the user is known.
      await refetchUser()
      navigate('/', { replace: true })
    },
    failedDescription: 'Ongeldige inloggegevens',
  })

  if (login.choice) {
    return (
      <OrganisationChoice
        organisations={login.choice.organisations}
        choosingId={login.choosingId}
        onChoose={(id) => void login.chooseOrganisation(id)}
        onBack={login.cancelChoice}
      />
    )
  }

  return (
    <div className="grid gap-6">
      <form className="grid gap-4" onSubmit={login.submit}>
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
        <Button type="submit" className="w-full" disabled={login.isSubmitting}>
          {login.isSubmitting ? 'Logging in...' : 'Log In'}
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
