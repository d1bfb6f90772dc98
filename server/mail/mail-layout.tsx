import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'

// Centraal's light theme (web/styles.css) in the hex values mail clients understand:
// inline styles only, as many clients drop <style> blocks.
export const MAIL_COLOURS = {
  background: '#f7f8fb',
  card: '#ffffff',
  foreground: '#1b1f33',
  muted: '#5f6580',
  border: '#e3e5ec',
  primary: '#4f46e5',
} as const

const body = {
  margin: 0,
  padding: '24px 12px',
  backgroundColor: MAIL_COLOURS.background,
  color: MAIL_COLOURS.foreground,
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
}
const card = {
  maxWidth: '560px',
  backgroundColor: MAIL_COLOURS.card,
  border: `1px solid ${MAIL_COLOURS.border}`,
  borderRadius: '12px',
  padding: '24px',
}
const mark = {
  display: 'inline-block',
  width: '32px',
  height: '32px',
  lineHeight: '32px',
  borderRadius: '8px',
  backgroundColor: MAIL_COLOURS.primary,
  color: '#ffffff',
  fontWeight: 700,
  textAlign: 'center' as const,
  marginRight: '10px',
}

/**
 * The frame of every mail: the brand mark and name, a white card on Centraal's light
 * background, a footer saying why the mail came. Narrow screens get the card full width.
 */
export function MailLayout(props: { preview: string; footer: ReactNode; children: ReactNode }) {
  return (
    <Html lang="nl">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section>
            <Text style={{ margin: '0 0 16px', fontSize: '18px', fontWeight: 700 }}>
              <span style={mark}>C</span>
              Centraal
            </Text>
          </Section>
          {props.children}
          <Hr style={{ borderColor: MAIL_COLOURS.border, margin: '24px 0 12px' }} />
          <Text
            style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: MAIL_COLOURS.muted }}
          >
            {props.footer}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
