import { Link } from '@react-email/link'
import type { ReactNode } from 'react'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
import { MailButton, MailNote, MailText, MailTitle } from './mail-parts.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

// The mails administrators get with "Activiteitsmeldingen" on (docs/behaviour.md,
// Meldingen per e-mail). Subjects are fixed text: nothing a user typed goes in a header.

const moment = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
})

/** Where the switches are: every alert mail links to them. */
export type AlertLinks = { app: string; settings: string }

function AlertMail(props: {
  preview: string
  title: string
  links: AlertLinks
  action: { label: string; path: string }
  children: ReactNode
}) {
  return (
    <MailLayout
      preview={props.preview}
      footer="Je ontvangt deze e-mail omdat E-mailmeldingen en Activiteitsmeldingen aan staan voor je account."
    >
      <MailTitle>{props.title}</MailTitle>
      {props.children}
      <MailButton href={`${props.links.app}${props.action.path}`}>{props.action.label}</MailButton>
      <MailNote>
        Liever geen meldingen meer?{' '}
        <Link href={props.links.settings} style={{ color: MAIL_COLOURS.primary }}>
          Zet ze uit in Instellingen → Meldingen
        </Link>
        .
      </MailNote>
    </MailLayout>
  )
}

/** A self-registered account waits for approval (REGISTRATION=approval). */
export function renderRegistrationMail(
  links: AlertLinks,
  person: { organisationName: string; name: string; email: string },
): Promise<RenderedMail> {
  return renderMail(
    'Nieuwe registratie wacht op goedkeuring',
    <AlertMail
      preview="Iemand wacht op je goedkeuring."
      title="Nieuwe registratie"
      links={links}
      action={{ label: 'Naar Gebruikers', path: '/users' }}
    >
      <MailText>
        {person.name} ({person.email}) heeft zich geregistreerd bij {person.organisationName} en kan
        pas inloggen als een beheerder de registratie goedkeurt.
      </MailText>
      <MailNote>
        Komen er binnen het uur meer registraties bij, dan staan die ook op Gebruikers; je krijgt
        hierover hooguit één e-mail per uur.
      </MailNote>
    </AlertMail>,
  )
}

/** A backup was restored into the organisation. */
export function renderRestoreMail(
  links: AlertLinks,
  restore: {
    organisationName: string
    restoredBy: string
    restoredAt: number
    backupCreatedAt: number
  },
): Promise<RenderedMail> {
  return renderMail(
    'Er is een backup teruggezet in je organisatie',
    <AlertMail
      preview="De gegevens van je organisatie zijn teruggezet."
      title="Backup teruggezet"
      links={links}
      action={{ label: 'Naar Activiteiten', path: '/activities' }}
    >
      <MailText>
        {restore.restoredBy} heeft op {moment.format(restore.restoredAt)} de gegevens van{' '}
        {restore.organisationName} teruggezet naar de backup van{' '}
        {moment.format(restore.backupCreatedAt)}.
      </MailText>
      <MailText>
        Wat na die backup is vastgelegd, staat er niet meer in. Iedereen is afgemeld en logt opnieuw
        in.
      </MailText>
    </AlertMail>,
  )
}

/** The automatic Google Drive backup failed. */
export function renderBackupFailedMail(
  links: AlertLinks,
  failure: { organisationName: string; at: number; error: string },
): Promise<RenderedMail> {
  return renderMail(
    'Automatische backup mislukt',
    <AlertMail
      preview="De automatische backup naar Google Drive is mislukt."
      title="Automatische backup mislukt"
      links={links}
      action={{ label: 'Naar Backups', path: '/settings?tab=backups' }}
    >
      <MailText>
        De automatische backup van {failure.organisationName} naar Google Drive van{' '}
        {moment.format(failure.at)} is mislukt:
      </MailText>
      <MailText>{failure.error}</MailText>
      <MailText>
        Controleer de verbinding met Google Drive op Instellingen → Backups, of maak daar een backup
        met de hand.
      </MailText>
    </AlertMail>,
  )
}
