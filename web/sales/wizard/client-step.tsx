import { Field } from '../../components/field.tsx'
import type { SaleForm } from './sale-form.ts'

type ClientStepProps = { form: SaleForm; onChange: (patch: Partial<SaleForm>) => void }

/** Step 2, Klantgegevens: the client's name is required, e-mail and phone are optional. */
export function ClientStep({ form, onChange }: ClientStepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field
          label="Klantnaam *"
          name="clientName"
          required
          autoComplete="off"
          value={form.clientName}
          onChange={(event) => onChange({ clientName: event.target.value })}
        />
      </div>
      <Field
        label="E-mail"
        name="clientEmail"
        type="email"
        inputMode="email"
        autoComplete="off"
        value={form.clientEmail}
        onChange={(event) => onChange({ clientEmail: event.target.value })}
      />
      <Field
        label="Telefoon"
        name="clientPhone"
        type="tel"
        autoComplete="off"
        value={form.clientPhone}
        onChange={(event) => onChange({ clientPhone: event.target.value })}
      />
    </div>
  )
}
