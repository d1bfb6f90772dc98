import { Building2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { OrganisationUpdateSchema } from '#schema/central'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { apiRequest, isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { showSavedToast, showSaveFailedToast } from './save-toasts.ts'
import { useServerData } from './use-server-data.ts'

/** GET /api/organization. */
export type OrganisationDetails = {
  id: string
  slug: string
  name: string
  contactEmail: string | null
  plan: string
}

/** Organisatiegegevens: name and contact e-mail, saved with PATCH /api/organization. */
export function OrganisationDetailsCard({ canEdit }: { canEdit: boolean }) {
  const { state, replace } = useServerData<OrganisationDetails>('/api/organization')
  return (
    <Card aria-labelledby="organisation-details-title">
      <CardHeader>
        <CardTitle id="organisation-details-title" className="flex items-center gap-2">
          <Building2 aria-hidden className="size-5 text-primary" />
          Organisatiegegevens
        </CardTitle>
        <CardDescription>
          {canEdit
            ? 'De naam en het contactadres van je organisatie.'
            : 'Alleen een beheerder kan deze gegevens wijzigen.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state.status === 'loading' && <p className="text-muted-foreground text-sm">Laden...</p>}
        {state.status === 'failed' && (
          <Alert variant="destructive" title="Gegevens konden niet worden geladen">
            {describeError(state.error, 'Probeer het later opnieuw.')}
          </Alert>
        )}
        {state.status === 'ready' && (
          <>
            {state.isFromCache && (
              <Alert title="Offline">Je ziet de laatst bekende gegevens van dit apparaat.</Alert>
            )}
            <OrganisationForm
              key={`${state.data.name}|${state.data.contactEmail}`}
              organisation={state.data}
              canEdit={canEdit}
              onSaved={replace}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function OrganisationForm(props: {
  organisation: OrganisationDetails
  canEdit: boolean
  onSaved: (organisation: OrganisationDetails) => void
}) {
  const [name, setName] = useState(props.organisation.name)
  const [contactEmail, setContactEmail] = useState(props.organisation.contactEmail ?? '')
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const changes = OrganisationUpdateSchema.safeParse({
      name,
      contactEmail: contactEmail.trim() || null,
    })
    if (!changes.success) {
      setProblem(changes.error.issues[0]?.message ?? 'Ongeldige invoer')
      return
    }
    setProblem(undefined)
    setIsSaving(true)
    try {
      const response = await apiRequest('PATCH', '/api/organization', changes.data)
      // Queued: the device shows what was saved until the server's answer replaces it.
      props.onSaved(
        isQueuedResponse(response)
          ? { ...props.organisation, ...changes.data }
          : ((await response.json()) as OrganisationDetails),
      )
      showSavedToast(response)
    } catch (error) {
      showSaveFailedToast(error)
      setProblem(describeError(error, 'Opslaan mislukt'))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <Field
        label="Organisatienaam"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        minLength={2}
        readOnly={!props.canEdit}
        autoComplete="organization"
      />
      <Field
        label="Contact e-mail"
        name="contactEmail"
        type="email"
        value={contactEmail}
        onChange={(event) => setContactEmail(event.target.value)}
        readOnly={!props.canEdit}
        placeholder="info@voorbeeld.nl"
        autoComplete="email"
      />
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      {props.canEdit && (
        <div>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Opslaan...' : 'Opslaan'}
          </Button>
        </div>
      )}
    </form>
  )
}
