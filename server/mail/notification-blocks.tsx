import { Button } from '@react-email/button'
import { Heading } from '@react-email/heading'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import { parseISO } from 'date-fns/parseISO'
import type { NotificationKind } from '#schema/db/organisation'
import { type Currency, formatMoney } from '#schema/format-money'
import { MAIL_COLOURS } from './mail-layout.tsx'

/** One notification as the mail renders it: its kind and what its row says. */
export type NotificationItem = {
  id: string
  kind: NotificationKind
  payload: Record<string, unknown>
}

/** What every block needs: where Gold Estates is, and the organisation's currency. */
export type BlockContext = { salesBase: string; currency: Currency }

export const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }
const muted = { ...text, color: MAIL_COLOURS.muted, fontSize: '13px' }
export const button = {
  backgroundColor: MAIL_COLOURS.primary,
  color: '#ffffff',
  borderRadius: '8px',
  padding: '10px 18px',
  fontSize: '14px',
  fontWeight: 600,
}

const TITLES: Record<NotificationKind, string> = {
  'sale-review-pending': 'Je verkoop staat ter beoordeling',
  'sale-approved': 'Je verkoop is goedgekeurd',
  'sale-rejected': 'Je verkoop is afgewezen',
  'commission-paid': 'Commissie uitbetaald',
  'sale-registered': 'Nieuwe verkoop',
  'review-digest': 'Verkopen ter beoordeling',
}

/** The heading of a mail of one notification of this kind. */
export const titleOf = (kind: NotificationKind) => TITLES[kind]

const str = (value: unknown) => (typeof value === 'string' ? value : '')
const cents = (value: unknown) => (typeof value === 'number' ? value : 0)
const day = (value: unknown) => format(parseISO(str(value)), 'd MMMM yyyy', { locale: nl })
const saleName = (p: Record<string, unknown>) =>
  `${str(p.clientName)} (${str(p.propertyNumber)}${p.projectName ? `, ${str(p.projectName)}` : ''})`

/** The words of one notification, without its heading. */
function Body({ item, context }: { item: NotificationItem; context: BlockContext }) {
  const p = item.payload
  const money = (value: unknown) => formatMoney(cents(value), context.currency)
  switch (item.kind) {
    case 'sale-review-pending': {
      const reasons = Array.isArray(p.reasons) ? p.reasons.map(str) : []
      return (
        <>
          <Text style={text}>
            Je verkoop {saleName(p)} staat ter beoordeling: een manager of admin kijkt er eerst
            naar. Tot de verkoop is goedgekeurd, telt de commissie niet mee en wordt ze niet
            uitbetaald.
          </Text>
          <Text style={text}>
            {reasons.length
              ? `Waarom: ${reasons.join('; ')}.`
              : 'Waarom: je hebt een afgewezen verkoop gecorrigeerd.'}
          </Text>
        </>
      )
    }
    case 'sale-approved':
      return (
        <Text style={text}>
          Je verkoop {saleName(p)} is goedgekeurd. De commissie telt nu mee en kan worden
          uitbetaald.
        </Text>
      )
    case 'sale-rejected':
      return (
        <>
          <Text style={text}>Je verkoop {saleName(p)} is afgewezen.</Text>
          <Text style={text}>Reden: {str(p.reason)}</Text>
          <Text style={text}>Corrigeer de verkoop; daarna wordt ze opnieuw beoordeeld.</Text>
        </>
      )
    case 'commission-paid':
      return (
        <>
          <Text style={text}>
            Er is {money(p.amount)} van je commissie op {saleName(p)} uitbetaald op {day(p.paidOn)}.
          </Text>
          <Text style={muted}>
            Van deze commissieregel is nu {money(p.linePaid)} van {money(p.lineAmount)} betaald.
          </Text>
        </>
      )
    case 'sale-registered':
      return <RegisteredSale payload={p} money={money} />
    case 'review-digest':
      return <ReviewDigest payload={p} />
  }
}

function RegisteredSale(props: {
  payload: Record<string, unknown>
  money: (value: unknown) => string
}) {
  const p = props.payload
  const lines = Array.isArray(p.lines) ? (p.lines as Record<string, unknown>[]) : []
  return (
    <>
      <Text style={text}>
        {str(p.registeredBy)} heeft een verkoop geregistreerd: {saleName(p)}, verkocht op{' '}
        {day(p.saleDate)} voor {props.money(p.salePrice)}. Netto commissie{' '}
        {props.money(p.commissionAmount)}.
        {p.reviewStatus === 'pending' ? ' De verkoop staat ter beoordeling.' : ''}
      </Text>
      {lines.map((line, index) => (
        // A sale's lines never change order once written: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: lines as stored, in their order
        <Text key={index} style={muted}>
          {str(line.sellerName)} ({str(line.commissionType)}, {String(line.percentage)}%):{' '}
          {props.money(line.amount)}
        </Text>
      ))}
    </>
  )
}

function ReviewDigest({ payload }: { payload: Record<string, unknown> }) {
  const sales = Array.isArray(payload.sales) ? (payload.sales as Record<string, unknown>[]) : []
  const total = typeof payload.total === 'number' ? payload.total : sales.length
  return (
    <>
      <Text style={text}>
        {total === 1
          ? 'Er wacht 1 verkoop op je beoordeling:'
          : `Er wachten ${total} verkopen op je beoordeling:`}
      </Text>
      {sales.map((sale) => (
        <Text key={str(sale.saleId)} style={muted}>
          {saleName(sale)}, geregistreerd door {str(sale.sellerName)}
        </Text>
      ))}
      {total > sales.length && <Text style={muted}>… en nog {total - sales.length}</Text>}
    </>
  )
}

/** Where a notification's button leads: the sale, or for the digest the dashboard. */
export function linkOf(item: NotificationItem, context: BlockContext) {
  if (item.kind === 'review-digest') return `${context.salesBase}/dashboard`
  return `${context.salesBase}/sales/${encodeURIComponent(str(item.payload.saleId))}`
}

/** One notification with its heading (when the mail holds several) and its button. */
export function NotificationBlock(props: {
  item: NotificationItem
  context: BlockContext
  withHeading: boolean
}) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {props.withHeading && (
        <Heading as="h2" style={{ fontSize: '17px', margin: '0 0 8px' }}>
          {titleOf(props.item.kind)}
        </Heading>
      )}
      <Body item={props.item} context={props.context} />
      <Button href={linkOf(props.item, props.context)} style={button}>
        {props.item.kind === 'review-digest' ? 'Beoordelen in Gold Estates' : 'Open de verkoop'}
      </Button>
    </Section>
  )
}
