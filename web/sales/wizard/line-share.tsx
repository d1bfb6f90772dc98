import { PercentageField } from '../../components/percentage-field.tsx'
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
      {/* The row is too narrow for a message under the field: the step names the line. */}
      <PercentageField label={label} value={percentage} onChange={onChange} showsProblem={false} />
      <p className="flex h-10 items-center font-semibold tabular-nums sm:justify-end">
        <span className="sr-only">Bedrag {amountName}: </span>
        <output>{formatMoney(amountCents, currency)}</output>
      </p>
    </>
  )
}
