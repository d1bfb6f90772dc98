import { MailLayout } from './mail-layout.tsx'
import { MailButton, MailNote, MailText, MailTitle } from './mail-parts.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** The change: in which product's account (Centraal, or a Gold Estates sign-in). */
type Change = { product: 'Centraal' | 'Gold Estates'; organisationName: string; newEmail: string }

function ConfirmMail({
  change,
  url,
  validHours,
}: {
  change: Change
  url: string
  validHours: number
}) {
  return (
    <MailLayout
      preview="Bevestig je nieuwe e-mailadres."
      footer={`Je ontvangt deze e-mail omdat iemand dit adres opgaf als nieuw adres voor een account bij ${change.product}. Was jij dat niet? Dan kun je deze e-mail negeren: er verandert niets.`}
    >
      <MailTitle>Bevestig je nieuwe e-mailadres</MailTitle>
      <MailText>
        Je vroeg om het e-mailadres van je {change.product}-account bij {change.organisationName} te
        wijzigen naar {change.newEmail}. Bevestig met de knop hieronder dat dit adres van jou is;
        pas dan log je ermee in.
      </MailText>
      <MailButton href={url}>Nieuw adres bevestigen</MailButton>
      <MailNote>
        De link werkt één keer en is {validHours} uur geldig. Daarna vraag je de wijziging opnieuw
        aan in Instellingen.
      </MailNote>
    </MailLayout>
  )
}

function NoticeMail({ change, settingsUrl }: { change: Change; settingsUrl: string }) {
  return (
    <MailLayout
      preview="Er is gevraagd het e-mailadres van je account te wijzigen."
      footer="Je ontvangt deze e-mail op je huidige adres, zodat je weet wat er met je account gebeurt."
    >
      <MailTitle>Je e-mailadres wordt gewijzigd</MailTitle>
      <MailText>
        Er is gevraagd het e-mailadres van je {change.product}-account bij {change.organisationName}{' '}
        te wijzigen naar {change.newEmail}. Zodra dat adres is bevestigd, log je daarmee in en komt
        je e-mail daar aan.
      </MailText>
      <MailText>
        Was jij dit niet? Kies dan meteen een nieuw wachtwoord en meld het aan je beheerder; zolang
        de wijziging niet is bevestigd, blijft dit adres in gebruik.
      </MailText>
      <MailButton href={settingsUrl}>Naar Instellingen</MailButton>
    </MailLayout>
  )
}

/** The mail to the new address: its confirmation link. */
export function renderConfirmMail(
  change: Change,
  url: string,
  validHours: number,
): Promise<RenderedMail> {
  return renderMail(
    `Bevestig je nieuwe e-mailadres voor ${change.product}`,
    <ConfirmMail change={change} url={url} validHours={validHours} />,
  )
}

/** The mail to the old address: the change asked, and what to do if it was not them. */
export function renderNoticeMail(change: Change, settingsUrl: string): Promise<RenderedMail> {
  return renderMail(
    `Het e-mailadres van je ${change.product}-account wordt gewijzigd`,
    <NoticeMail change={change} settingsUrl={settingsUrl} />,
  )
}
