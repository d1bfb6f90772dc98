import { SETUP_TOKEN_TTL_MS } from '#schema/constants'
import { AuthLayout } from '../auth-layout.tsx'
import { TextLink } from '../text-link.tsx'
import { Prose } from './prose.tsx'

const LINK_VALID_DAYS = Math.round(SETUP_TOKEN_TTL_MS / 86_400_000)

/** /forgot-password: how to get back in; Centraal sends no reset e-mails. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Wachtwoord vergeten" description="Zo kom je weer bij je account.">
      <Prose>
        <p>
          Centraal verstuurt geen e-mails om een wachtwoord te herstellen. Een beheerder van je
          organisatie maakt een nieuwe setup-link voor je aan, en daarmee kies je zelf een nieuw
          wachtwoord.
        </p>
        <ol>
          <li>Neem contact op met een beheerder van je organisatie.</li>
          <li>Vraag om een nieuwe setup-link voor je e-mailadres.</li>
          <li>
            Open de link en kies een nieuw wachtwoord. De link is {LINK_VALID_DAYS} dagen geldig en
            werkt één keer.
          </li>
          <li>Log daarna in met je e-mailadres en het nieuwe wachtwoord.</li>
        </ol>
        <p className="text-muted-foreground">
          Log je in met SSO? Dan beheer je je wachtwoord bij de dienst waarmee je inlogt, niet in
          Centraal.
        </p>
        <p className="text-center">
          <TextLink to="/login">Terug naar inloggen</TextLink>
        </p>
      </Prose>
    </AuthLayout>
  )
}
