import { AuthLayout } from '../auth-layout.tsx'
import { TextLink } from '../text-link.tsx'
import { Prose } from './prose.tsx'

/** /terms: the short terms of use that registration refers to. */
export function TermsPage() {
  return (
    <AuthLayout title="Voorwaarden" description="Gebruiksvoorwaarden van Centraal." width="wide">
      <Prose>
        <h2>1. Je account</h2>
        <p>
          Je account is persoonlijk. Houd je wachtwoord geheim en meld misbruik direct bij een
          beheerder van je organisatie.
        </p>
        <h2>2. Gegevens van je organisatie</h2>
        <p>
          Elke organisatie heeft een eigen database. De gegevens die je invoert zijn van je
          organisatie; beheerders kunnen ze inzien, wijzigen, exporteren en verwijderen.
        </p>
        <h2>3. Activiteitenlog</h2>
        <p>
          Wijzigingen aan gebruikers, apps en instellingen worden met je naam en het tijdstip
          vastgelegd, zodat je organisatie kan nagaan wie wat heeft gedaan.
        </p>
        <h2>4. Offline gebruik</h2>
        <p>
          Wat je offline wijzigt, wordt op dit apparaat bewaard tot er weer verbinding is. Log uit
          op gedeelde apparaten; bij uitloggen worden lokaal bewaarde gegevens gewist.
        </p>
        <h2>5. Gebruik</h2>
        <p>
          Gebruik Centraal alleen voor het werk van je organisatie en niet om anderen te hinderen of
          de dienst te verstoren. Bij misbruik kan een beheerder je account deactiveren.
        </p>
        <p className="text-center">
          <TextLink to="/register">Terug naar registreren</TextLink>
        </p>
      </Prose>
    </AuthLayout>
  )
}
