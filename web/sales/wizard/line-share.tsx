import { Field } from '../../components/field.tsx'
import { type Currency, formatMoney } from '../../lib/format-money.ts'

type LineShareProps = {
  /** The percentage field's label. */
  label: string
  /** Who the amount is for, in its spoken label: "Bedrag 1: ". */
  amountName: string | number
  percentage: string
  onChange: (percentage: string) => void
  amountCents: number
  currency: Currency
}

/** A commission line's percentage and, beside it, the amount that comes to. */
export function LineShare(props: LineShareProps) {
  const { label, amountName, percentage, onChange, amountCents, currency } = props
  return (
    <>
      <Field
        label={label}
        type="number"
        step="0.01"
        min="0"
        max="100"
        inputMode="decimal"
        value={percentage}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="flex h-10 items-center font-semibold tabular-nums sm:justify-end">
        <span className="sr-only">Bedrag {amountName}: </span>
        <output>{formatMoney(amountCents, currency)}</output>
      </p>
    </>
  )
}
