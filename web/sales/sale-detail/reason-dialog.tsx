import { type FormEvent, type ReactNode, useState } from 'react'
import type { z } from 'zod'
import { FormDialog } from '../../components/form-dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { useSave } from '../../lib/use-save.tsx'

type ReasonSchema = z.ZodType<{ reason: string }>

/**
 * A dialog's reason ("Reden *", 3 to 500 characters), checked as the server checks it: the
 * props of its TextareaField, the form's submit and whether it is saving. `isBlocked`
 * keeps the form from sending (something must happen first; the dialog says what).
 */
function useReason(
  schema: ReasonSchema,
  onConfirm: (reason: string) => Promise<void>,
  isBlocked = false,
) {
  const [reason, setReason] = useState('')
  const { errors, setErrors, isSaving, save, errorHint } = useSave(
    schema,
    async (value) => onConfirm(value.reason),
    { fields: ['reason'] as const },
  )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isBlocked) await save({ reason })
  }
  const field = {
    label: 'Reden *',
    name: 'reason',
    rows: 3,
    maxLength: 500,
    required: true,
    value: reason,
    onChange: (event: { target: { value: string } }) => {
      setReason(event.target.value)
      if (errors.reason) setErrors({})
    },
    'aria-invalid': !!errors.reason,
    hint: errorHint('reason'),
  }
  return { field, submit, isSaving }
}

type ReasonDialogProps = {
  title: string
  description: string
  /** The destructive button's text. */
  submitLabel: string
  schema: ReasonSchema
  /** An example reason. */
  placeholder: string
  /** Something must happen before the step can be sent; `children` say what. */
  isWaiting?: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<void>
  /** Under the reason: what the step does, or what it waits for. */
  children?: ReactNode
}

/** A step on a sale that needs its reason (cancel, reject): the reason, then Terug or the step. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { schema, onConfirm, isWaiting = false, placeholder, children, ...dialog } = props
  const { field, submit, isSaving } = useReason(schema, onConfirm, isWaiting)
  return (
    <FormDialog
      {...dialog}
      submitVariant="destructive"
      cancelLabel="Terug"
      isSaving={isSaving}
      isSubmitBlocked={isWaiting}
      onSubmit={submit}
    >
      <TextareaField {...field} placeholder={placeholder} />
      {children}
    </FormDialog>
  )
}
