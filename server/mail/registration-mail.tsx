import { Heading } from '@react-email/heading'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { MAIL_COLOURS, MailLayout } from './mail-layout.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

/**
 * What a registration tells the address: 'received' (a new account waits for approval),
 * 'active' (REGISTRATION=open: it can sign in), 'taken' (the address has an account:
 * someone tried, the answer on the page said nothing of it).
 */
export type RegistrationNotice = 'received' | 'active' | 'taken'

const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }
const link = { color: MAIL_COLOURS.primary, fontWeight: 600 }

function RegistrationMail(props: {
  notice: RegistrationNotice
  loginUrl: string
  forgotUrl: string
}) {
  const { notice } = props
  return (
    <MailLayout
      preview={
        notice === 'taken'
          ? 'Iemand probeerde zich met dit adres te registreren.'
          : 'Je registratie is ontvangen.'
      }
      footer="Je ontvangt deze e-mail omdat dit adres op de registratiepagina van Centraal is ingevuld. Was jij dat niet? Dan hoef je niets te doen: zonder jouw e-mail kan niemand dit adres gebruiken."
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        {notice === 'taken' ? 'Registratiepoging met je adres' : 'Je registratie is ontvangen'}
      </Heading>
      {notice === 'taken' && (
        <>
          <Text style={text}>
            Iemand probeerde zich bij Centraal te registreren met dit e-mailadres, maar er bestaat
            al een account met dit adres. Er is niets veranderd.
          </Text>
          <Text style={text}>
            Was jij dat?{' '}
            <Link href={props.loginUrl} style={link}>
              Log dan in
            </Link>
            , of kies een nieuw wachtwoord via{' '}
            <Link href={props.forgotUrl} style={link}>
              Wachtwoord vergeten
            </Link>
            .
          </Text>
        </>
      )}
      {notice === 'received' && (
        <Text style={text}>
          Een beheerder moet je account nog goedkeuren. Daarna krijg je een e-mail met een link
          waarmee je je registratie afrondt.
        </Text>
      )}
      {notice === 'active' && (
        <Text style={text}>
          Je account is klaar.{' '}
          <Link href={props.loginUrl} style={link}>
            Log in
          </Link>{' '}
          met dit e-mailadres en het wachtwoord dat je koos.
        </Text>
      )}
    </MailLayout>
  )
}

/** The mail a registration sends to the address it names (never anything about others). */
export async function renderRegistrationMail(
  notice: RegistrationNotice,
  publicUrl: string,
): Promise<RenderedMail> {
  const subject =
    notice === 'taken' ? 'Registratiepoging met je e-mailadres' : 'Je registratie bij Centraal'
  const element = (
    <RegistrationMail
      notice={notice}
      loginUrl={`${publicUrl}/login`}
      forgotUrl={`${publicUrl}/forgot-password`}
    />
  )
  return renderMail(subject, element)
}
