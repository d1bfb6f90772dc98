import { Button } from '@react-email/button'
import { Heading } from '@react-email/heading'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { AccountKind } from '#schema/db/system'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
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

const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }
const button = {
  backgroundColor: MAIL_COLOURS.primary,
  color: '#ffffff',
  borderRadius: '8px',
  padding: '12px 20px',
  fontSize: '15px',
  fontWeight: 600,
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
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        {approved ? 'Je registratie is goedgekeurd' : 'Je bent uitgenodigd'}
      </Heading>
      <Text style={text}>Hallo {invitation.inviteeName},</Text>
      <Text style={text}>
        {approved
          ? `${invitation.inviterName} heeft je account bij ${areaOf(invitation)} goedgekeurd. Kies met de knop hieronder een wachtwoord om je registratie af te ronden.`
          : `${invitation.inviterName} nodigt je uit voor ${areaOf(invitation)}. Kies met de knop hieronder een wachtwoord; daarna log je in met dit e-mailadres.`}
      </Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={invitation.url} style={button}>
          Wachtwoord kiezen
        </Button>
      </Section>
      <Text style={{ ...text, color: MAIL_COLOURS.muted, fontSize: '13px' }}>
        De link werkt één keer en is {invitation.validDays} dagen geldig. Verlopen? Vraag de
        beheerder om de uitnodiging opnieuw te versturen.
      </Text>
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
