import { useState } from 'react'
import type { z } from 'zod'
import { getFieldErrors } from '../layout/field-errors.ts'

/**
 * A form's save: checks the input with the payload schema, shows the first problem per
 * field inline, and saves the parsed value while `isSaving`.
 */
export function useCheckedSave<Field extends string, Schema extends z.ZodType>(
  schema: Schema,
  fields: readonly Field[],
  onSave: (value: z.output<Schema>) => Promise<void>,
) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [isSaving, setIsSaving] = useState(false)

  const save = async (input: unknown) => {
    const parsed = schema.safeParse(input)
    if (!parsed.success) {
      setErrors(getFieldErrors(parsed.error, fields))
      return
    }
    setErrors({})
    setIsSaving(true)
    try {
      await onSave(parsed.data)
    } finally {
      setIsSaving(false)
    }
  }

  /** The field's problem, as a field hint. */
  const errorHint = (field: Field) =>
    errors[field] && <span className="text-destructive">{errors[field]}</span>

  return { errors, setErrors, isSaving, save, errorHint }
}
