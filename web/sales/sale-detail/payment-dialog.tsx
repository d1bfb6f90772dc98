import { type FormEvent, useMemo, useState } from 'react'
import { isPaidOnTooLate, PAID_ON_TOO_LATE } from '#schema/commission-changes'
import { parseMoneyToCents } from '#schema/parse-money'
import { PaymentPartSchema } from '#schema/sales'
import { getServerNow } from '#sync/client/server-clock'
import { Field } from '../../components/field.tsx'
import { FormDialog } from '../../components/form-dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import { type Currency, formatMoney } from '../../lib/format-money.ts'
import { useSave } from '../../lib/use-save.tsx'
import { CURRENCY_SYMBOLS } from '../components/currency-symbols.ts'
import { MONEY_INPUT_PROPS } from '../components/money-field-props.ts'
import { type PaymentPartInput, todayAsPaidOn } from '../data/index.ts'
import { toMoneyInput } from './money-input.ts'

/** The line a payment is registered on, as the dialog names it. */
export type PaymentTarget = {
  sellerName: string
  kindLabel: string
  /** What is still open, in cents (positive). */
  open: number
  /** A negative line: the seller pays back. */
  isRepayment: boolean
}

type PaymentDialogProps = {
  target: PaymentTarget
  currency: Currency
  onOpenChange: (open: boolean) => void
  onSubmit: (part: PaymentPartInput) => Promise<void>
}

const FIELDS = ['amount', 'paidOn', 'note'] as const
type FieldName = (typeof FIELDS)[number]

const NOT_AN_AMOUNT = 'Voer een bedrag in, bijvoorbeeld 1250,50'

const TOO_MUCH = 'Het bedrag is hoger dan wat op deze regel nog openstaat'

/**
 * "Betaling registreren": one part of a line (amount in euros with a comma or a dot, date,
 * note), at most what is still open and dated at most tomorrow. The amount starts at what
 * is open, the date at today.
 */
export function PaymentDialog({ target, currency, onOpenChange, onSubmit }: PaymentDialogProps) {
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    amount: toMoneyInput(target.open),
    paidOn: todayAsPaidOn(),
    note: '',
  }))
  // The server refuses more than is open and a date after tomorrow (by its clock); say so
  // here, in the same words.
  const schema = useMemo(
    () =>
      PaymentPartSchema.refine((part) => part.amount <= target.open, {
        path: ['amount'],
        message: TOO_MUCH,
      }).refine((part) => !isPaidOnTooLate(part.paidOn, getServerNow()), {
        path: ['paidOn'],
        message: PAID_ON_TOO_LATE,
      }),
    [target.open],
  )
  const { errors, setErrors, isSaving, save, errorHint, errorProps } = useSave(schema, onSubmit, {
    fields: FIELDS,
  })
  // A field's problem goes once it is changed; the next save checks again.
  const field = bindFields(values, (changes, name) => {
    setValues({ ...values, ...changes })
    if (errors[name]) setErrors({ ...errors, [name]: undefined })
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const amount = parseMoneyToCents(values.amount)
    if (!amount.ok) {
      setErrors({ amount: NOT_AN_AMOUNT })
      return
    }
    await save({ amount: amount.value, paidOn: values.paidOn, note: values.note })
  }

  const open = formatMoney(target.open, currency)
  return (
    <FormDialog
      title={target.isRepayment ? 'Terugbetaling registreren' : 'Betaling registreren'}
      description={`${target.kindLabel} van ${target.sellerName}: nog ${open} ${target.isRepayment ? 'terug te betalen' : 'open'}.`}
      submitLabel="Registreren"
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <Field
        label={`Bedrag (${CURRENCY_SYMBOLS[currency]}) *`}
        {...field('amount')}
        {...MONEY_INPUT_PROPS}
        required
        aria-invalid={!!errors.amount}
        hint={errorHint('amount') ?? `Hoogstens ${open}; komma of punt voor de centen.`}
      />
      <Field label="Datum *" {...field('paidOn')} type="date" required {...errorProps('paidOn')} />
      <TextareaField
        label="Notitie"
        {...field('note')}
        rows={2}
        maxLength={500}
        hint={errorHint('note')}
      />
    </FormDialog>
  )
}
