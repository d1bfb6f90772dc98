import { Link } from '@react-email/link'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
import { MailButton, MailNote, MailText, MailTitle } from './mail-parts.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** One account the reset mail offers: its organisation and its link. */
export type ResetChoice = { organisationName: string; area: 'central' | 'sales'; url: string }

const SUBJECT = 'Nieuw wachtwoord kiezen voor Centraal'

const areaName = (choice: ResetChoice) =>
  choice.area === 'sales' ? `${choice.organisationName} (Gold Estates)` : choice.organisationName

function ResetMail({ choices, validMinutes }: { choices: ResetChoice[]; validMinutes: number }) {
  const [only] = choices
  return (
    <MailLayout
      preview="Kies een nieuw wachtwoord voor je account."
      footer="Je ontvangt deze e-mail omdat iemand een nieuw wachtwoord heeft aangevraagd voor dit adres. Heb jij dat niet gedaan? Dan kun je deze e-mail negeren: je wachtwoord blijft zoals het was."
    >
      <MailTitle>Nieuw wachtwoord kiezen</MailTitle>
      {choices.length === 1 && only ? (
        <>
          <MailText>
            Er is een nieuw wachtwoord aangevraagd voor je account bij {areaName(only)}. Kies het
            met de knop hieronder.
          </MailText>
          <MailButton href={only.url}>Nieuw wachtwoord kiezen</MailButton>
        </>
      ) : (
        <>
          <MailText>
            Er is een nieuw wachtwoord aangevraagd voor dit adres. Je hebt met dit adres een account
            bij {choices.length} organisaties; kies het account waarvan je het wachtwoord wilt
            wijzigen. De andere blijven zoals ze zijn.
          </MailText>
          {choices.map((choice) => (
            <MailText key={choice.url}>
              <Link href={choice.url} style={{ color: MAIL_COLOURS.primary, fontWeight: 600 }}>
                Nieuw wachtwoord voor {areaName(choice)}
              </Link>
            </MailText>
          ))}
        </>
      )}
      <MailNote>
        De link werkt één keer en is {validMinutes} minuten geldig. Daarna vraag je op de
        inlogpagina een nieuwe aan. Met het nieuwe wachtwoord word je op al je andere apparaten
        afgemeld.
      </MailNote>
    </MailLayout>
  )
}

/** The password-reset mail for one address, listing each account it may reset. */
export async function renderResetMail(
  choices: ResetChoice[],
  validMinutes: number,
): Promise<RenderedMail> {
  const element = <ResetMail choices={choices} validMinutes={validMinutes} />
  return renderMail(SUBJECT, element)
}
