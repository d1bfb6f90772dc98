import { Building2 } from 'lucide-react'
import { Button } from './button.tsx'

/** One organisation a sign-in's password matched. */
export type ChoosableOrganisation = { id: string; name: string }

/**
 * "Kies je organisatie": shown when the address and password match accounts in more than
 * one organisation. One button per organisation the server offered; Terug returns to the
 * form (the password is not kept on the device).
 */
export function OrganisationChoice(props: {
  organisations: ChoosableOrganisation[]
  /** The organisation being opened, while its sign-in runs. */
  choosingId: string | null
  onChoose: (organisationId: string) => void
  onBack: () => void
}) {
  return (
    <section className="grid gap-4" aria-labelledby="organisation-choice-title">
      <div className="grid gap-1.5">
        <h2 id="organisation-choice-title" className="font-semibold text-lg tracking-tight">
          Kies je organisatie
        </h2>
        <p className="text-muted-foreground text-sm">
          Je e-mailadres en wachtwoord horen bij meer dan één organisatie. Waar wil je inloggen?
        </p>
      </div>
      <ul className="grid gap-2">
        {props.organisations.map((organisation) => (
          <li key={organisation.id}>
            <Button
              variant="outline"
              size="lg"
              className="w-full justify-start text-left"
              disabled={props.choosingId !== null}
              onClick={() => props.onChoose(organisation.id)}
            >
              <Building2 aria-hidden="true" />
              <span className="truncate">
                {props.choosingId === organisation.id ? 'Inloggen...' : organisation.name}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={props.onBack} disabled={props.choosingId !== null}>
        Terug
      </Button>
    </section>
  )
}
