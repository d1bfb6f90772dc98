import { type FormEvent, useState } from 'react'
import { OrganisationInviteSchema } from '#schema/central'
import { Alert, ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { CopyLinkField } from '../../components/copy-link-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { bindFields } from '../../lib/bind-fields.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { useSave } from '../../lib/use-save.tsx'

type InviteAdminDialogProps = {
  organisation: { id: string; name: string } | null
  onOpenChange: (open: boolean) => void
}

/** Invites an organisation's owner (its SUPERADMIN) by e-mail and shows the setup link. */
export function InviteAdminDialog({ organisation, onOpenChange }: InviteAdminDialogProps) {
  return (
    <Dialog
      open={organisation !== null}
      onOpenChange={onOpenChange}
      title="Beheerder uitnodigen"
      description={
        organisation
          ? `De eigenaar (SUPERADMIN) van ${organisation.name}: beheert gebruikers, backups en Gold Estates.`
          : undefined
      }
    >
      {organisation && <InviteForm key={organisation.id} organisationId={organisation.id} />}
    </Dialog>
  )
}

function InviteForm({ organisationId }: { organisationId: string }) {
  const [values, setValues] = useState({ adminName: '', adminEmail: '' })
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))
  const [result, setResult] = useState<{ setupUrl: string }>()
  // The setup link comes from the server's answer, so inviting needs a connection.
  const isOnline = useOnlineStatus()
  const { problem, isSaving, save } = useSave(
    OrganisationInviteSchema,
    async (input) => {
      const param = { id: organisationId }
      // Never queued offline (its link must be seen now): without network this throws.
      const response = await api.organisations[':id'].invite.$post({ param, json: input })
      setResult(await response.json())
    },
    { failedText: 'De uitnodiging kon niet worden gemaakt.' },
  )

  function invite(event: FormEvent) {
    event.preventDefault()
    void save({ name: values.adminName, email: values.adminEmail })
  }

  if (result) {
    return (
      <div className="grid gap-4">
        <Alert title="Uitnodiging gemaakt">
          Stuur deze link naar {values.adminEmail.trim()}. Hiermee kiest de beheerder een
          wachtwoord; de link is 7 dagen geldig.
        </Alert>
        <CopyLinkField label="Setup-link" value={result.setupUrl} />
      </div>
    )
  }
  return (
    <form onSubmit={invite} noValidate className="grid gap-4">
      <Field label="Naam" {...field('adminName')} required autoComplete="off" />
      <Field label="Email" {...field('adminEmail')} type="email" required autoComplete="off" />
      <ProblemLine problem={problem} />
      {!isOnline && (
        <Alert title="Je bent offline">
          Uitnodigen kan alleen met verbinding: de setup-link komt van de server.
        </Alert>
      )}
      <Button type="submit" disabled={isSaving || !isOnline}>
        {isSaving ? 'Bezig...' : 'Uitnodigen'}
      </Button>
    </form>
  )
}
