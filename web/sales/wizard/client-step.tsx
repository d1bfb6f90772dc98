import { Field } from '../../components/field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import type { SaleForm } from './sale-form.ts'

type ClientStepProps = { form: SaleForm; onChange: (patch: Partial<SaleForm>) => void }

/** Step 2, Klantgegevens: the client's name is required, e-mail and phone are optional. */
export function ClientStep({ form, onChange }: ClientStepProps) {
  const field = bindFields(form, onChange)
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Klantnaam *" {...field('clientName')} required autoComplete="off" />
      </div>
      <Field
        label="E-mail"
        {...field('clientEmail')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <Field label="Telefoon" {...field('clientPhone')} type="tel" autoComplete="off" />
    </div>
  )
}
