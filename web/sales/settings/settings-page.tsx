import { type FormEvent, useState } from 'react'
import { SalesSettingsUpdateSchema } from '#schema/sales'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { type SalesSettings, useSalesSettings } from '../data/use-sales-settings.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { GeneralSettingsCard } from './general-settings-card.tsx'
import { IntegrationCard } from './integration-card.tsx'
import { SettingsLinks } from './settings-links.tsx'
import { type SettingsValues, toSettingsChanges, toSettingsValues } from './settings-values.ts'

/** {base}/settings (docs/behaviour.md): links, the CRM integration and general settings. */
export function SalesSettingsPage() {
  const canEdit = hasSalesPermission(useSalesUser(), 'sales.settings.write')
  const { state, save } = useSalesSettings()
  return (
    <>
      <PageHeader
        title="Instellingen"
        description={
          canEdit
            ? 'Beheer Gold Estates voor je organisatie'
            : 'Alleen een admin kan deze instellingen wijzigen.'
        }
      />
      <div className="grid gap-6">
        <SettingsLinks />
        {state.status === 'loading' && <InlineLoading />}
        {state.status === 'failed' && (
          <Alert variant="destructive" title="De instellingen konden niet geladen worden">
            {describeError(state.error, 'Probeer het later opnieuw.')}
          </Alert>
        )}
        {state.status === 'ready' && (
          <SettingsForm
            key={JSON.stringify(state.settings)}
            settings={state.settings}
            isFromCache={state.isFromCache}
            canEdit={canEdit}
            onSave={save}
          />
        )}
      </div>
    </>
  )
}

function SettingsForm(props: {
  settings: SalesSettings
  isFromCache: boolean
  canEdit: boolean
  onSave: ReturnType<typeof useSalesSettings>['save']
}) {
  const [values, setValues] = useState<SettingsValues>(() => toSettingsValues(props.settings))
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)
  const onChange = (changes: Partial<SettingsValues>) => setValues({ ...values, ...changes })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = SalesSettingsUpdateSchema.safeParse(toSettingsChanges(values))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const message =
        issue?.path[0] === 'paymentTermDays'
          ? 'Betalingstermijn moet een heel aantal dagen zijn (0 tot 365)'
          : (issue?.message ?? 'Ongeldige invoer')
      setProblem(message)
      showToast({ title: 'Opslaan mislukt', description: message, variant: 'destructive' })
      return
    }
    setProblem(undefined)
    setIsSaving(true)
    try {
      const { queued } = await props.onSave(parsed.data)
      showToast(
        queued
          ? {
              title: 'Opgeslagen op dit apparaat',
              description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
            }
          : {
              title: 'Instellingen opgeslagen',
              description: 'XMS/GoHighLevel configuratie is bijgewerkt',
            },
      )
    } catch (error) {
      const message = describeError(error, 'Probeer opnieuw')
      setProblem(message)
      showToast({ title: 'Opslaan mislukt', description: message, variant: 'destructive' })
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-6 lg:grid-cols-2">
      {props.isFromCache && (
        <div className="lg:col-span-2">
          <Alert title="Offline">Je ziet de laatst bekende instellingen van dit apparaat.</Alert>
        </div>
      )}
      {/* The CRM integration is the sales ADMIN's: others see neither its address nor key. */}
      {props.canEdit && <IntegrationCard values={values} onChange={onChange} canEdit />}
      <GeneralSettingsCard values={values} onChange={onChange} canEdit={props.canEdit} />
      {problem && (
        <p role="alert" className="text-destructive text-sm lg:col-span-2">
          {problem}
        </p>
      )}
      {props.canEdit && (
        <div className="flex justify-end lg:col-span-2">
          <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
            {isSaving ? 'Opslaan...' : 'Instellingen opslaan'}
          </Button>
        </div>
      )}
    </form>
  )
}
