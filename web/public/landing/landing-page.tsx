import { ArrowRight } from 'lucide-react'
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { PRODUCT_VERSION } from '#schema/constants'
import { BrandMark } from '../../components/brand-mark.tsx'
import { Button } from '../../components/button.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { revealApp, takeLandingIntent } from '../../lib/prerendered-landing.ts'
import { useTheme } from '../../lib/theme.ts'
import { FeatureGrid } from './feature-grid.tsx'

// The dialog (and its focus trap and scroll lock) loads when someone opens it, keeping the
// landing page's first load small.
const LoginDialog = lazy(() =>
  import('../login/login-dialog.tsx').then((module) => ({ default: module.LoginDialog })),
)

const footerLinkClass =
  'rounded-sm hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring'

/**
 * / while signed out (docs/behaviour.md). Every call to action opens the same login dialog.
 * Also built ahead as HTML (prerender.tsx, decision 014): its presses (data-intent) made
 * before the app ran are carried out once it does.
 */
export function LandingPage() {
  const [isLoginOpen, setIsLoginOpen] = useState(false)
  const openLogin = () => setIsLoginOpen(true)
  const { toggleTheme } = useTheme()
  useLayoutEffect(revealApp, [])
  useEffect(() => {
    const intent = takeLandingIntent()
    if (intent === 'login') setIsLoginOpen(true)
    if (intent === 'theme') toggleTheme()
  }, [toggleTheme])

  return (
    <div className="flex min-h-dvh flex-col" data-page="landing">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <span className="flex items-center gap-2 font-semibold text-lg">
          <BrandMark className="size-7" />
          Centraal
        </span>
        <div className="flex items-center gap-1 sm:gap-2">
          <span data-intent="theme" className="contents">
            <ThemeToggle />
          </span>
          <Button variant="outline" onClick={openLogin} data-intent="login">
            Inloggen
          </Button>
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <BrandMark className="size-16" />
          <h1 className="font-bold text-5xl tracking-tight sm:text-6xl">Centraal</h1>
          <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">
            Eén plek voor je organisaties, gebruikers en apps. Snel op je telefoon, en het werkt
            gewoon door als de verbinding wegvalt.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={openLogin} data-intent="login">
              Gratis proberen
              <ArrowRight aria-hidden />
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="features-title" className="sr-only">
            Wat Centraal doet
          </h2>
          <FeatureGrid />
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <div className="grid justify-items-center gap-4 rounded-2xl border bg-card px-6 py-12 text-center shadow-sm">
            <h2 className="font-bold text-2xl tracking-tight sm:text-3xl">
              Klaar om alles centraal te regelen?
            </h2>
            <p className="max-w-lg text-muted-foreground">
              Log in of maak een account aan en beheer je organisatie vandaag nog vanaf één plek.
            </p>
            <Button size="lg" onClick={openLogin} data-intent="login">
              Start Nu
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-muted-foreground text-sm sm:px-6">
          <span>Centraal {PRODUCT_VERSION}</span>
          <nav aria-label="Voettekst" className="flex gap-4">
            <Link to="/help" className={footerLinkClass}>
              Hulp
            </Link>
            <Link to="/terms" className={footerLinkClass}>
              Voorwaarden
            </Link>
          </nav>
        </div>
      </footer>

      {isLoginOpen && (
        <Suspense fallback={null}>
          <LoginDialog open={isLoginOpen} onOpenChange={setIsLoginOpen} />
        </Suspense>
      )}
    </div>
  )
}
