import { Building2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { OrganisationUpdateSchema } from '#schema/central'
import { Alert } from '../../components/alert.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { bindFields } from '../../lib/bind-fields.ts'
import { savedToast, saveFailedToast } from '../../lib/save-toasts.ts'
import { describeError } from '../../lib/server-message.ts'
import { useSave } from '../../lib/use-save.tsx'
import { useServerData } from '../../lib/use-server-data.ts'
import { SaveRow } from './save-row.tsx'

const loadOrganisation = async () => (await api.organisation.$get()).json()

type OrganisationDetails = Awaited<ReturnType<typeof loadOrganisation>>

/** Organisatiegegevens: name and contact e-mail, saved with PATCH /api/organisation. */
export function OrganisationDetailsCard({ canEdit }: { canEdit: boolean }) {
  const { state, replace } = useServerData('/api/organisation', loadOrganisation)
  return (
    <IconCard
      Icon={Building2}
      title="Organisatiegegevens"
      description={
        canEdit
          ? 'De naam en het contactadres van je organisatie.'
          : 'Alleen een beheerder kan deze gegevens wijzigen.'
      }
    >
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
    </IconCard>
  )
}

function OrganisationForm(props: {
  organisation: OrganisationDetails
  canEdit: boolean
  onSaved: (organisation: OrganisationDetails) => void
}) {
  const [values, setValues] = useState({
    name: props.organisation.name,
    contactEmail: props.organisation.contactEmail ?? '',
  })
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))
  const { problem, isSaving, save } = useSave(
    OrganisationUpdateSchema,
    async (changes) => {
      const response = await api.organisation.$patch({ json: changes })
      // Queued: the device shows what was saved until the server's answer replaces it.
      props.onSaved(
        isQueuedResponse(response) ? { ...props.organisation, ...changes } : await response.json(),
      )
      return response
    },
    { savedToast, failedToast: saveFailedToast, failedText: 'Opslaan mislukt' },
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    void save({ name: values.name, contactEmail: values.contactEmail.trim() || null })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field
        label="Organisatienaam"
        {...field('name')}
        required
        minLength={2}
        readOnly={!props.canEdit}
        autoComplete="organization"
      />
      <Field
        label="Contact e-mail"
        {...field('contactEmail')}
        type="email"
        readOnly={!props.canEdit}
        placeholder="info@voorbeeld.nl"
        autoComplete="email"
      />
      <SaveRow problem={problem} isSaving={isSaving} canSave={props.canEdit} />
    </form>
  )
}
