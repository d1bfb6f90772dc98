import { Button } from '@react-email/button'
import { Heading } from '@react-email/heading'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** One account the reset mail offers: its organisation and its link. */
export type ResetChoice = { organisationName: string; area: 'central' | 'sales'; url: string }

const SUBJECT = 'Nieuw wachtwoord kiezen voor Centraal'
const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }
const button = {
  backgroundColor: MAIL_COLOURS.primary,
  color: '#ffffff',
  borderRadius: '8px',
  padding: '12px 20px',
  fontSize: '15px',
  fontWeight: 600,
}

const areaName = (choice: ResetChoice) =>
  choice.area === 'sales' ? `${choice.organisationName} (Gold Estates)` : choice.organisationName

function ResetMail({ choices, validMinutes }: { choices: ResetChoice[]; validMinutes: number }) {
  const [only] = choices
  return (
    <MailLayout
      preview="Kies een nieuw wachtwoord voor je account."
      footer="Je ontvangt deze e-mail omdat iemand een nieuw wachtwoord heeft aangevraagd voor dit adres. Heb jij dat niet gedaan? Dan kun je deze e-mail negeren: je wachtwoord blijft zoals het was."
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        Nieuw wachtwoord kiezen
      </Heading>
      {choices.length === 1 && only ? (
        <>
          <Text style={text}>
            Er is een nieuw wachtwoord aangevraagd voor je account bij {areaName(only)}. Kies het
            met de knop hieronder.
          </Text>
          <Section style={{ margin: '20px 0' }}>
            <Button href={only.url} style={button}>
              Nieuw wachtwoord kiezen
            </Button>
          </Section>
        </>
      ) : (
        <>
          <Text style={text}>
            Er is een nieuw wachtwoord aangevraagd voor dit adres. Je hebt met dit adres een account
            bij {choices.length} organisaties; kies het account waarvan je het wachtwoord wilt
            wijzigen. De andere blijven zoals ze zijn.
          </Text>
          {choices.map((choice) => (
            <Text key={choice.url} style={text}>
              <Link href={choice.url} style={{ color: MAIL_COLOURS.primary, fontWeight: 600 }}>
                Nieuw wachtwoord voor {areaName(choice)}
              </Link>
            </Text>
          ))}
        </>
      )}
      <Text style={{ ...text, color: MAIL_COLOURS.muted, fontSize: '13px' }}>
        De link werkt één keer en is {validMinutes} minuten geldig. Daarna vraag je op de
        inlogpagina een nieuwe aan. Met het nieuwe wachtwoord word je op al je andere apparaten
        afgemeld.
      </Text>
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
