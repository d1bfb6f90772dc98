import { type FormEvent, useState } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { Button } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import {
  type ChoosableOrganisation,
  OrganisationChoice,
} from '../../components/organisation-choice.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useSalesSession } from '../data/sales-session.tsx'
import { BrandBadge } from '../layout/brand-badge.tsx'

/** {base}/login (docs/behaviour.md, Gold Estates): the sales area's own sign-in. */
export function SalesLoginPage() {
  const session = useSalesSession()
  const navigate = useNavigate()
  const [isSubmitting, setIsSubmitting] = useState(false)
  // Set when the password matched sign-ins in several organisations ("Kies je organisatie").
  const [choice, setChoice] = useState<{
    choiceToken: string
    organisations: ChoosableOrganisation[]
  } | null>(null)
  const [choosingId, setChoosingId] = useState<string | null>(null)

  if (session.status === 'signed-in' && !isSubmitting && choosingId === null) {
    return <Navigate to={salesPath('/dashboard')} replace />
  }

  async function enter() {
    await session.refetch()
    showToast({ title: 'Welkom terug!' })
    navigate(salesPath('/dashboard'), { replace: true })
  }

  function fail(error: unknown) {
    showToast({
      title: 'Login mislukt',
      description: describeError(error, 'Ongeldig e-mailadres of wachtwoord'),
      variant: 'destructive',
    })
  }

  async function choose(organisationId: string) {
    if (!choice) return
    setChoosingId(organisationId)
    try {
      await api['gold-estates'].auth.login.choose.$post({
        json: { choiceToken: choice.choiceToken, organisationId },
      })
      await enter()
    } catch (error) {
      fail(error)
      setChoosingId(null)
      setChoice(null)
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    setIsSubmitting(true)
    try {
      const login = api['gold-estates'].auth.login
      const answer = await (await login.$post({ json: { email, password } })).json()
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
          {choice ? (
            <OrganisationChoice
              organisations={choice.organisations}
              choosingId={choosingId}
              onChoose={(id) => void choose(id)}
              onBack={() => setChoice(null)}
            />
          ) : (
            <form className="grid gap-4" onSubmit={handleSubmit}>
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
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? 'Inloggen...' : 'Inloggen'}
              </Button>
            </form>
          )}
        </Card>
      </main>
    </div>
  )
}
