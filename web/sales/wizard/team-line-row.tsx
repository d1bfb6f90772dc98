import { Trash2 } from 'lucide-react'
import type { LineProposal } from '#schema/plan-proposal'
import type { SellerDocument } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import type { Currency } from '../../lib/format-money.ts'
import { LineShare } from './line-share.tsx'
import { PlanNote } from './plan-note.tsx'
import { getSellerRole, type TeamLine } from './sale-form.ts'
import { getSellerOptions } from './seller-options.ts'

type TeamLineRowProps = {
  line: TeamLine
  number: number
  sellers: readonly SellerDocument[]
  amountCents: number
  currency: Currency
  canRemove: boolean
  onChange: (line: TeamLine) => void
  onRemove: () => void
  /** What the plan gives this line (null: no plan covers it). */
  proposal?: LineProposal | null
  planNames?: ReadonlyMap<string, string>
}

/** One sales-team line; choosing a seller fills the role from the seller (docs/behaviour.md, The sale wizard). */
export function TeamLineRow(props: TeamLineRowProps) {
  const { line, number, sellers, amountCents, currency, canRemove, onChange, onRemove } = props
  return (
    <li className="grid grid-cols-2 items-end gap-3 rounded-lg border bg-background/40 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_8rem_minmax(7rem,auto)_2.5rem]">
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          label={`Verkoper ${number}`}
          value={line.sellerId}
          options={getSellerOptions(sellers, 'Kies een verkoper')}
          onChange={(event) =>
            onChange({
              ...line,
              sellerId: event.target.value,
              role: getSellerRole(sellers, event.target.value),
            })
          }
        />
      </div>
      <Field
        label={`Rol ${number}`}
        value={line.role}
        autoComplete="off"
        placeholder="setter, ISA, closer"
        onChange={(event) => onChange({ ...line, role: event.target.value })}
      />
      <LineShare
        label={`Percentage ${number}`}
        amountName={number}
        percentage={line.percentage}
        onChange={(percentage) => onChange({ ...line, percentage, isEdited: true })}
        amountCents={amountCents}
        currency={currency}
      />
      <div className="flex h-10 items-center justify-end">
        <Button
          variant="ghost"
          size="icon"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Verwijder regel ${number}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {props.proposal && (
        <PlanNote
          proposal={props.proposal}
          planNames={props.planNames ?? new Map()}
          isEdited={line.isEdited === true}
          onFollowPlan={() => onChange({ ...line, isEdited: false })}
        />
      )}
    </li>
  )
}
