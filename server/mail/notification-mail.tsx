import { Heading } from '@react-email/heading'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
import {
  type BlockContext,
  linkOf,
  NotificationBlock,
  type NotificationItem,
  text,
  titleOf,
} from './notification-blocks.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/** Up to this many notifications a mail shows whole; more become one line each. */
const WHOLE = 5
/** A digest lists at most this many lines, then counts the rest. */
const LISTED = 50

/** Who the mail is for, as its footer says why it came and how to stop it. */
export type MailRecipient = {
  kind: 'sales-user' | 'default-recipient'
  organisationName: string
  settingsUrl: string
  unsubscribeUrl: string
}

const footerLink = { color: MAIL_COLOURS.muted, textDecoration: 'underline' }

function Footer({ recipient }: { recipient: MailRecipient }) {
  return recipient.kind === 'sales-user' ? (
    <>
      Je ontvangt deze e-mail omdat E-mailmeldingen aan staan voor je Gold Estates-account bij{' '}
      {recipient.organisationName}.{' '}
      <Link href={recipient.settingsUrl} style={footerLink}>
        Meldingen instellen
      </Link>{' '}
      ·{' '}
      <Link href={recipient.unsubscribeUrl} style={footerLink}>
        Geen e-mailmeldingen meer
      </Link>
    </>
  ) : (
    <>
      Je ontvangt deze e-mail omdat dit adres de standaardontvanger van nieuwe verkopen is in Gold
      Estates van {recipient.organisationName}.{' '}
      <Link href={recipient.settingsUrl} style={footerLink}>
        Instellingen
      </Link>{' '}
      ·{' '}
      <Link href={recipient.unsubscribeUrl} style={footerLink}>
        Geen meldingen van nieuwe verkopen meer
      </Link>
    </>
  )
}

const saleOf = (item: NotificationItem) =>
  `${String(item.payload.clientName ?? '')} (${String(item.payload.propertyNumber ?? '')})`

function subjectOf(items: NotificationItem[]) {
  const [first] = items
  if (items.length === 1 && first) {
    return first.kind === 'review-digest'
      ? titleOf(first.kind)
      : `${titleOf(first.kind)}: ${saleOf(first)}`
  }
  if (items.every((item) => item.kind === 'sale-registered')) {
    return `${items.length} nieuwe verkopen`
  }
  return `${items.length} meldingen uit Gold Estates`
}

function NotificationMail(props: {
  items: NotificationItem[]
  context: BlockContext
  recipient: MailRecipient
  subject: string
}) {
  const { items, context } = props
  const isDigest = items.length > WHOLE
  return (
    <MailLayout preview={props.subject} footer={<Footer recipient={props.recipient} />}>
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        {items.length === 1 && items[0] ? titleOf(items[0].kind) : props.subject}
      </Heading>
      {!isDigest &&
        items.map((item) => (
          <NotificationBlock
            key={item.id}
            item={item}
            context={context}
            withHeading={items.length > 1}
          />
        ))}
      {isDigest &&
        items.slice(0, LISTED).map((item) => (
          <Text key={item.id} style={{ ...text, margin: '0 0 6px' }}>
            <Link href={linkOf(item, context)} style={{ color: MAIL_COLOURS.primary }}>
              {saleOf(item)}
            </Link>{' '}
            · {titleOf(item.kind)}
          </Text>
        ))}
      {isDigest && items.length > LISTED && (
        <Text style={text}>
          … en nog {items.length - LISTED}. Ze staan allemaal in Gold Estates.
        </Text>
      )}
    </MailLayout>
  )
}

/**
 * One mail for the notifications of one recipient that are due together: a single one
 * in full, a few each in full under its heading, many (an import) as one digest.
 */
export async function renderNotificationMail(
  items: NotificationItem[],
  context: BlockContext,
  recipient: MailRecipient,
): Promise<RenderedMail> {
  const subject = subjectOf(items)
  return renderMail(
    subject,
    <NotificationMail items={items} context={context} recipient={recipient} subject={subject} />,
  )
}
