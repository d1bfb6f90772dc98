import { Link, Navigate, useNavigate } from 'react-router-dom'
import { Button } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { OrganisationChoice } from '../../components/organisation-choice.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { showToast } from '../../lib/toasts.ts'
import { useLogin } from '../../lib/use-login.ts'
import { useSalesSession } from '../data/sales-session.tsx'
import { BrandBadge } from '../layout/brand-badge.tsx'

/** {base}/login (docs/behaviour.md, Gold Estates): the sales area's own sign-in. */
export function SalesLoginPage() {
  const session = useSalesSession()
  const navigate = useNavigate()
  const login = useLogin({
    login: async (json) => (await api['gold-estates'].auth.login.$post({ json })).json(),
    choose: (json) => api['gold-estates'].auth.login.choose.$post({ json }),
    enter: async () => {
      await session.refetch()
      showToast({ title: 'Welkom terug!' })
      navigate(salesPath('/dashboard'), { replace: true })
    },
    failedDescription: 'Ongeldig e-mailadres of wachtwoord',
  })

  if (session.status === 'signed-in' && !login.isSubmitting && login.choosingId === null) {
    return <Navigate to={salesPath('/dashboard')} replace />
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <BrandBadge />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="mb-6 grid gap-1.5 text-center">
            <h1 className="font-semibold text-2xl tracking-tight">Sales Management Portal</h1>
            <p className="text-muted-foreground text-sm">
              Log in om verkopen en commissies te beheren.
            </p>
          </div>
          {login.choice ? (
            <OrganisationChoice
              organisations={login.choice.organisations}
              choosingId={login.choosingId}
              onChoose={(id) => void login.chooseOrganisation(id)}
              onBack={login.cancelChoice}
            />
          ) : (
            <form className="grid gap-4" onSubmit={login.submit}>
              <Field
                label="E-mailadres"
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                placeholder="naam@voorbeeld.nl"
                required
              />
              <Field
                label="Wachtwoord"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
              <Link
                to={salesPath('/forgot-password')}
                className="-mt-2 justify-self-end rounded-sm text-primary text-xs underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                Wachtwoord vergeten?
              </Link>
              <Button type="submit" className="w-full" disabled={login.isSubmitting}>
                {login.isSubmitting ? 'Inloggen...' : 'Inloggen'}
              </Button>
            </form>
          )}
        </Card>
      </main>
    </div>
  )
}
