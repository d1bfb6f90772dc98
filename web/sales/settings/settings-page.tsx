import { type FormEvent, useState } from 'react'
import { PLAUSIBLE_COMMISSION_RANGE } from '#schema/plausible-commission'
import { SalesSettingsUpdateSchema } from '#schema/sales'
import { Alert, ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { EmailAddressCard } from '../../components/email-address-card.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { getPercentageProblem } from '../../components/percentage-field.tsx'
import { describeError } from '../../lib/server-message.ts'
import { useSave } from '../../lib/use-save.tsx'
import { useSalesUser } from '../data/sales-session.tsx'
import { type SalesSettings, useSalesSettings } from '../data/use-sales-settings.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { GeneralSettingsCard } from './general-settings-card.tsx'
import { IntegrationCard } from './integration-card.tsx'
import { SalesNotificationCard } from './sales-notification-card.tsx'
import { SettingsLinks } from './settings-links.tsx'
import { type SettingsValues, toSettingsChanges, toSettingsValues } from './settings-values.ts'

const PAYMENT_TERM_PROBLEM = 'Betalingstermijn moet een heel aantal dagen zijn (0 tot 365)'

/**
 * {base}/settings (docs/behaviour.md): links, one's own mail switches, the CRM integration
 * and general settings.
 */
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
            : 'Je e-mailadres en je meldingen stel je zelf in; de overige instellingen kan alleen een admin wijzigen.'
        }
      />
      <div className="grid gap-6">
        <SettingsLinks />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SalesNotificationCard />
          <EmailAddressCard area="sales" />
        </div>
        {state.status === 'loading' && <InlineLoading />}
        {state.status === 'failed' && (
          <Alert variant="destructive" title="De instellingen konden niet geladen worden">
            {describeError(state.error, 'Probeer het later opnieuw.')}
          </Alert>
        )}
        {state.status === 'ready' && (
          <SettingsForm
            key={JSON.stringify(state.data)}
            settings={state.data}
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
  const onChange = (changes: Partial<SettingsValues>) => setValues({ ...values, ...changes })
  const { problem, isSaving, save } = useSave(SalesSettingsUpdateSchema, props.onSave, {
    describeInvalid: (issue) => {
      if (issue.path[0] === 'paymentTermDays') return PAYMENT_TERM_PROBLEM
      if (issue.path[0] !== 'plausibleCommissionPercentage') return issue.message
      const typed = values.plausibleCommissionPercentage
      const problem = getPercentageProblem(typed, PLAUSIBLE_COMMISSION_RANGE)
      return `Plausibele commissie (%): ${problem ?? issue.message}`
    },
    invalidToast: (message) => ({
      title: 'Opslaan mislukt',
      description: message,
      variant: 'destructive',
    }),
    savedToast: ({ queued }) =>
      queued
        ? {
            title: 'Opgeslagen op dit apparaat',
            description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
          }
        : {
            title: 'Instellingen opgeslagen',
            description: 'XMS/GoHighLevel configuratie is bijgewerkt',
          },
    failedToast: (error) => ({
      title: 'Opslaan mislukt',
      description: describeError(error, 'Probeer opnieuw'),
      variant: 'destructive',
    }),
    failedText: 'Probeer opnieuw',
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    void save(toSettingsChanges(values))
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
      <ProblemLine problem={problem} className="lg:col-span-2" />
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
