import { Webhook } from 'lucide-react'
import { Alert } from '../../components/alert.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { SwitchField } from '../../components/switch.tsx'
import type { SettingsValues } from './settings-values.ts'

type IntegrationCardProps = {
  values: SettingsValues
  onChange: (changes: Partial<SettingsValues>) => void
  canEdit: boolean
}

/** How the server shows a stored key: masked, its last four characters visible. */
const isMaskedKey = (key: string) => key.startsWith('•')

/**
 * The XMS/GoHighLevel lead webhook (docs/behaviour.md): its fields are disabled while the
 * switch is off, with an info alert saying so. A new webhook URL empties a stored (masked)
 * key: the server sends a key only to the address it was entered for.
 */
export function IntegrationCard({ values, onChange, canEdit }: IntegrationCardProps) {
  const isDisabled = !canEdit || !values.xmsEnabled
  const text = (field: 'xmsWebhookUrl' | 'xmsApiKey' | 'xmsLocationId' | 'xmsPipelineId') => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      onChange({
        [field]: event.target.value,
        ...(field === 'xmsWebhookUrl' && isMaskedKey(values.xmsApiKey) && { xmsApiKey: '' }),
      }),
    disabled: isDisabled,
    autoComplete: 'off',
  })
  const needsKey = values.xmsWebhookUrl.trim() !== '' && values.xmsApiKey.trim() === ''
  return (
    <IconCard
      Icon={Webhook}
      iconClassName="text-amber-600 dark:text-amber-300"
      title="XMS / GoHighLevel integratie"
      description="Stuur elke geregistreerde verkoop als lead naar je CRM via een webhook."
    >
      <CardContent className="grid gap-4">
        <SwitchField
          label="Integratie ingeschakeld"
          description="Verkopen automatisch doorsturen"
          checked={values.xmsEnabled}
          onCheckedChange={(checked) => onChange({ xmsEnabled: checked })}
          disabled={!canEdit}
        />
        {!values.xmsEnabled && (
          <Alert title="Integratie uitgeschakeld">
            De XMS/GoHighLevel integratie is uitgeschakeld. Zet de schakelaar aan om de velden in te
            vullen.
          </Alert>
        )}
        <Field
          label="Webhook URL"
          type="url"
          inputMode="url"
          placeholder="https://services.leadconnectorhq.com/hooks/..."
          {...text('xmsWebhookUrl')}
        />
        <Field
          label="API key"
          placeholder="Plak hier de API key"
          hint={
            needsKey
              ? 'Vul de API key in: een nieuwe webhook-URL krijgt de opgeslagen key niet.'
              : 'Een opgeslagen key wordt gemaskeerd getoond; laat hem staan om hem te bewaren.'
          }
          {...text('xmsApiKey')}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Location ID" {...text('xmsLocationId')} />
          <Field label="Pipeline ID" {...text('xmsPipelineId')} />
        </div>
      </CardContent>
    </IconCard>
  )
}
