import { SlidersHorizontal } from 'lucide-react'
import { PLAUSIBLE_COMMISSION_RANGE } from '#schema/plausible-commission'
import { CardContent, IconCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { PercentageField } from '../../components/percentage-field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { SwitchField } from '../../components/switch.tsx'
import type { SettingsValues } from './settings-values.ts'

type GeneralSettingsCardProps = {
  values: SettingsValues
  onChange: (changes: Partial<SettingsValues>) => void
  canEdit: boolean
}

const CURRENCY_CHOICES = [
  { value: 'EUR', label: 'Euro (€)' },
  { value: 'USD', label: 'Amerikaanse dollar ($)' },
  { value: 'GBP', label: 'Britse pond (£)' },
]

/** Payment term and currency, notification recipients and the sales subdomain. */
export function GeneralSettingsCard({ values, onChange, canEdit }: GeneralSettingsCardProps) {
  return (
    <IconCard
      Icon={SlidersHorizontal}
      iconClassName="text-amber-600 dark:text-amber-300"
      title="Algemene instellingen"
      description="Betalingen, valuta en meldingen."
    >
      <CardContent className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label="Betalingstermijn (dagen)"
            name="paymentTermDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            step={1}
            value={values.paymentTermDays}
            onChange={(event) => onChange({ paymentTermDays: event.target.value })}
            disabled={!canEdit}
            hint="Na de verkoopdatum, als er geen opleverdatum is."
          />
          <SelectField
            label="Valuta"
            name="currency"
            value={values.currency}
            onChange={(event) =>
              onChange({ currency: event.target.value as SettingsValues['currency'] })
            }
            options={CURRENCY_CHOICES}
            disabled={!canEdit}
          />
        </div>
        <SwitchField
          label="Nieuwe verkopen mailen"
          description="Stuur elke nieuwe verkoop per e-mail naar de standaard ontvanger."
          checked={values.notificationsEnabled}
          disabled={!canEdit}
          onCheckedChange={(notificationsEnabled) => onChange({ notificationsEnabled })}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label="Standaard ontvanger e-mail"
            name="defaultRecipientEmail"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.defaultRecipientEmail}
            onChange={(event) => onChange({ defaultRecipientEmail: event.target.value })}
            disabled={!canEdit}
          />
          <Field
            label="Standaard ontvanger telefoon"
            name="defaultRecipientPhone"
            type="tel"
            autoComplete="off"
            value={values.defaultRecipientPhone}
            onChange={(event) => onChange({ defaultRecipientPhone: event.target.value })}
            disabled={!canEdit}
          />
        </div>
        {/* The bound is the sales ADMIN's check on stored sales: nobody else sees its list. */}
        {canEdit && (
          <PercentageField
            label="Plausibele commissie (%)"
            name="plausibleCommissionPercentage"
            range={PLAUSIBLE_COMMISSION_RANGE}
            value={values.plausibleCommissionPercentage}
            onChange={(plausibleCommissionPercentage) =>
              onChange({ plausibleCommissionPercentage })
            }
            hint="Verkopen met een hoger commissiepercentage staan op het dashboard om te controleren."
          />
        )}
        <Field
          label="Subdomein"
          name="subdomain"
          autoComplete="off"
          placeholder="sales.voorbeeld.nl"
          value={values.subdomain}
          onChange={(event) => onChange({ subdomain: event.target.value })}
          disabled={!canEdit}
          hint="Leeg: het standaard sales-domein."
        />
      </CardContent>
    </IconCard>
  )
}
