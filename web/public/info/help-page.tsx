import { AuthLayout } from '../auth-layout.tsx'
import { TextLink } from '../text-link.tsx'
import { Prose } from './prose.tsx'

/** /help: the ways to sign in and what to do when it does not work. */
export function HelpPage() {
  return (
    <AuthLayout
      title="Hulp bij inloggen"
      description="Alle manieren om in Centraal te komen."
      width="wide"
    >
      <Prose>
        <h2>E-mail en wachtwoord</h2>
        <p>
          Vul op de <TextLink to="/login">inlogpagina</TextLink> je e-mailadres en wachtwoord in en
          kies Log In. Met het oog-icoon zie je wat je hebt getypt.
        </p>
        <h2>SSO en sociale accounts</h2>
        <p>
          Use SSO login en de knoppen voor Google, GitHub, Apple en X sturen je naar de inlogdienst
          die je organisatie heeft ingesteld. Is die niet ingesteld, dan zie je daarover een melding
          op de inlogpagina; log dan in met e-mail en wachtwoord.
        </p>
        <h2>Nog geen account</h2>
        <ul>
          <li>
            <TextLink to="/register">Registreer</TextLink> met je naam, e-mailadres en een
            wachtwoord van minimaal 8 karakters.
          </li>
          <li>Heb je een setup-link gekregen? Open die link en kies daar je wachtwoord.</li>
          <li>
            Eerste installatie van Centraal? Maak via <TextLink to="/setup">setup</TextLink> het
            eerste beheerdersaccount aan.
          </li>
        </ul>
        <h2>Lukt het niet?</h2>
        <ul>
          <li>
            Wachtwoord kwijt? Lees <TextLink to="/forgot-password">wachtwoord vergeten</TextLink>.
          </li>
          <li>
            Te veel mislukte pogingen? Dan is inloggen even geblokkeerd; de melding zegt hoe lang je
            moet wachten.
          </li>
          <li>
            Is je account gedeactiveerd? Neem contact op met een beheerder van je organisatie.
          </li>
        </ul>
      </Prose>
    </AuthLayout>
  )
}
