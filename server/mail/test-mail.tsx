import { Heading } from '@react-email/heading'
import { Text } from '@react-email/text'
import { MailLayout } from './mail-layout.tsx'
import { type RenderedMail, renderMail } from './render-mail.ts'

const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }

function TestMail({ server }: { server: string }) {
  return (
    <MailLayout
      preview="De e-mailinstellingen van Centraal werken."
      footer="Je ontvangt deze e-mail omdat je op de pagina Uitgaande e-mail om een testmail vroeg."
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        Testmail
      </Heading>
      <Text style={text}>
        Deze e-mail komt aan: Centraal kan mail versturen via {server}. Wachtwoordherstel en andere
        e-mails bereiken je gebruikers op dezelfde weg.
      </Text>
    </MailLayout>
  )
}

/** The mail "Stuur een testmail" sends to the SUPERADMIN who asked. */
export async function renderTestMail(server: string): Promise<RenderedMail> {
  const element = <TestMail server={server} />
  return renderMail('Testmail van Centraal', element)
}
