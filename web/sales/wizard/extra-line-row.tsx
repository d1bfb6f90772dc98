import type { LineProposal } from '#schema/plan-proposal'
import type { SellerDocument } from '#schema/sales'
import { SelectField } from '../../components/select-field.tsx'
import type { Currency } from '../../lib/format-money.ts'
import { LineShare } from './line-share.tsx'
import { PlanNote } from './plan-note.tsx'
import type { ExtraLine } from './sale-form.ts'
import { getSellerOptions } from './seller-options.ts'

type ExtraLineRowProps = {
  label: string
  line: ExtraLine
  sellers: readonly SellerDocument[]
  amountCents: number
  currency: Currency
  onChange: (line: ExtraLine) => void
  /** The fixed share the seller's plan gives this kind (null: no plan covers it). */
  proposal?: LineProposal | null
  planNames?: ReadonlyMap<string, string>
}

/**
 * An optional extra commission (Aanbreng, Sales Manager, Sales Director); with plans, the
 * fixed share the seller's plan gives it and how it came about.
 */
export function ExtraLineRow(props: ExtraLineRowProps) {
  const { label, line, sellers, amountCents, currency, onChange } = props
  return (
    <li className="grid grid-cols-2 items-end gap-3 rounded-lg border bg-background/40 p-3 sm:grid-cols-[minmax(0,3.3fr)_8rem_minmax(7rem,auto)_2.5rem]">
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          label={label}
          value={line.sellerId}
          options={getSellerOptions(sellers, 'Geen')}
          onChange={(event) => onChange({ ...line, sellerId: event.target.value })}
        />
      </div>
      <LineShare
        label={`${label} %`}
        amountName={label}
        percentage={line.percentage}
        onChange={(percentage) => onChange({ ...line, percentage, isEdited: true })}
        amountCents={amountCents}
        currency={currency}
      />
      {props.proposal && (
        <PlanNote
          proposal={props.proposal}
          planNames={props.planNames ?? new Map()}
          isEdited={line.isEdited === true}
          isExtra
          onFollowPlan={() => onChange({ ...line, isEdited: false })}
        />
      )}
    </li>
  )
}
