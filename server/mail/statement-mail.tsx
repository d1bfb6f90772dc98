import { type Currency, formatMoney } from '#schema/format-money'
import { MailLayout } from './mail-layout.tsx'
import { MailButton, MailNote, MailText, MailTitle } from './mail-parts.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** What the monthly mail says of one seller's statement: their own figures only. */
export type StatementSummary = {
  organisationName: string
  sellerName: string
  /** 'november 2026'. */
  monthName: string
  currency: Currency
  net: number
  open: number
  lineCount: number
}

function StatementMail({ summary, appUrl }: { summary: StatementSummary; appUrl: string }) {
  const money = (cents: number) => formatMoney(cents, summary.currency)
  return (
    <MailLayout
      preview={`Je afrekening over ${summary.monthName}.`}
      footer="Je ontvangt deze e-mail omdat je in deze maand commissie-activiteit had en E-mailmeldingen aan staan voor je account."
    >
      <MailTitle>Je afrekening over {summary.monthName}</MailTitle>
      <MailText>
        Hallo {summary.sellerName}, in de bijlage vind je je afrekening van{' '}
        {summary.organisationName} over {summary.monthName}, met {summary.lineCount}{' '}
        {summary.lineCount === 1 ? 'regel' : 'regels'}.
      </MailText>
      <MailText>
        Uitbetaald (netto): {money(summary.net)}
        <br />
        Nog open: {money(summary.open)}
      </MailText>
      <MailButton href={appUrl}>Naar Gold Estates</MailButton>
      <MailNote>
        De afrekening noemt alleen jouw eigen regels. Klopt er iets niet? Neem contact op met je
        sales-beheerder.
      </MailNote>
    </MailLayout>
  )
}

/** The monthly statement mail of one seller (the PDF is its attachment). */
export function renderStatementMail(
  summary: StatementSummary,
  appUrl: string,
): Promise<RenderedMail> {
  return renderMail(
    `Je afrekening over ${summary.monthName}`,
    <StatementMail summary={summary} appUrl={appUrl} />,
  )
}
