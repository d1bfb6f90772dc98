import { Button } from '@react-email/button'
import { Heading } from '@react-email/heading'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'
import { MAIL_COLOURS } from './mail-layout.tsx'

// The pieces the mails share: a title, a paragraph, a small grey note and the one button,
// in the layout's look.

const paragraph = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }

/** The mail's heading. */
export const MailTitle = ({ children }: { children: ReactNode }) => (
  <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
    {children}
  </Heading>
)

/** A paragraph of the body. */
export const MailText = ({ children }: { children: ReactNode }) => (
  <Text style={paragraph}>{children}</Text>
)

/** A smaller grey paragraph: how long a link works, what to do if it was not you. */
export const MailNote = ({ children }: { children: ReactNode }) => (
  <Text style={{ ...paragraph, color: MAIL_COLOURS.muted, fontSize: '13px' }}>{children}</Text>
)

/** The mail's one action. */
export const MailButton = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={{ margin: '20px 0' }}>
    <Button
      href={href}
      style={{
        backgroundColor: MAIL_COLOURS.primary,
        color: '#ffffff',
        borderRadius: '8px',
        padding: '12px 20px',
        fontSize: '15px',
        fontWeight: 600,
      }}
    >
      {children}
    </Button>
  </Section>
)
