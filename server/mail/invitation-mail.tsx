import type { AccountKind } from '#schema/db/system'
import { MailLayout } from './mail-layout.tsx'
import { MailButton, MailNote, MailText, MailTitle } from './mail-parts.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** What an invitation mail says: who invites whom, into which organisation and area. */
export type Invitation = {
  kind: AccountKind
  /** 'invite': an administrator made the account; 'approved': a registration was approved. */
  reason: 'invite' | 'approved'
  organisationName: string
  inviterName: string
  inviteeName: string
  url: string
  validDays: number
}

const areaOf = (invitation: Invitation) =>
  invitation.kind === 'sales'
    ? `Gold Estates van ${invitation.organisationName}`
    : `${invitation.organisationName} in Centraal`

function InvitationMail({ invitation }: { invitation: Invitation }) {
  const approved = invitation.reason === 'approved'
  return (
    <MailLayout
      preview={
        approved
          ? 'Je registratie is goedgekeurd.'
          : `Je bent uitgenodigd voor ${areaOf(invitation)}.`
      }
      footer={`Je ontvangt deze e-mail omdat ${approved ? 'je je registreerde en een beheerder je account goedkeurde' : `een beheerder van ${invitation.organisationName} een account voor dit adres aanmaakte`}. Ken je dit niet? Negeer deze e-mail dan: zonder een wachtwoord dat jij kiest kan niemand met dit account inloggen, en je eigen accounts blijven zoals ze zijn.`}
    >
      <MailTitle>{approved ? 'Je registratie is goedgekeurd' : 'Je bent uitgenodigd'}</MailTitle>
      <MailText>Hallo {invitation.inviteeName},</MailText>
      <MailText>
        {approved
          ? `${invitation.inviterName} heeft je account bij ${areaOf(invitation)} goedgekeurd. Kies met de knop hieronder een wachtwoord om je registratie af te ronden.`
          : `${invitation.inviterName} nodigt je uit voor ${areaOf(invitation)}. Kies met de knop hieronder een wachtwoord; daarna log je in met dit e-mailadres.`}
      </MailText>
      <MailButton href={invitation.url}>Wachtwoord kiezen</MailButton>
      <MailNote>
        De link werkt één keer en is {invitation.validDays} dagen geldig. Verlopen? Vraag de
        beheerder om de uitnodiging opnieuw te versturen.
      </MailNote>
    </MailLayout>
  )
}

/**
 * The invitation mail carrying a setup link to its one address. Names (the invitee's, the
 * inviter's, the organisation's) are typed by people: they appear in the body, escaped by
 * React, never in a header; the subject is fixed.
 */
export async function renderInvitationMail(invitation: Invitation): Promise<RenderedMail> {
  const subject =
    invitation.reason === 'approved'
      ? 'Je registratie bij Centraal is goedgekeurd'
      : invitation.kind === 'sales'
        ? 'Je uitnodiging voor Gold Estates'
        : 'Je uitnodiging voor Centraal'
  return renderMail(subject, <InvitationMail invitation={invitation} />)
}
