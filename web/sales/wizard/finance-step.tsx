import { Field } from '../../components/field.tsx'
import { PercentageField } from '../../components/percentage-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import type { Currency } from '../../lib/format-money.ts'
import { CURRENCY_SYMBOLS } from '../components/currency-symbols.ts'
import { MONEY_INPUT_PROPS } from '../components/money-field-props.ts'
import type { SaleForm } from './sale-form.ts'

type FinanceStepProps = {
  form: SaleForm
  currency: Currency
  onChange: (patch: Partial<SaleForm>) => void
}

/** Step 3, Prijs & commissie: price and commission % required; costs and discount optional. */
export function FinanceStep({ form, currency, onChange }: FinanceStepProps) {
  const field = bindFields(form, onChange)
  const symbol = CURRENCY_SYMBOLS[currency]
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        label={`Verkoopprijs (${symbol}) *`}
        {...field('salePrice')}
        required
        {...MONEY_INPUT_PROPS}
      />
      <PercentageField
        label="Commissie (%) *"
        name="commissionPercentage"
        required
        value={form.commissionPercentage}
        onChange={(commissionPercentage) => onChange({ commissionPercentage })}
      />
      <Field label={`Kosten (${symbol})`} {...field('totalCosts')} {...MONEY_INPUT_PROPS} />
      <PercentageField
        label="Korting (%)"
        name="discountPercentage"
        value={form.discountPercentage}
        onChange={(discountPercentage) => onChange({ discountPercentage })}
      />
      <div className="sm:col-span-2">
        <Field label="Omschrijving kosten" {...field('costsDescription')} autoComplete="off" />
      </div>
    </div>
  )
}
