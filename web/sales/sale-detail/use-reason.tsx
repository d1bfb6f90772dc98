import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { useSave } from '../../lib/use-save.tsx'

type ReasonSchema = z.ZodType<{ reason: string }>

/**
 * A dialog's reason ("Reden *", 3 to 500 characters), checked as the server checks it: the
 * props of its TextareaField, the form's submit and whether it is saving. `isBlocked`
 * keeps the form from sending (something must happen first; the dialog says what).
 */
export function useReason(
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
