import { useState } from 'react'
import type { z } from 'zod'
import { describeError } from './server-message.ts'
import { showToast, type ToastInput } from './toasts.ts'

type SaveOptions<Value, Result, Field extends string> = {
  /** The fields that show their own problem as a hint; the first problem is `problem` too. */
  fields?: readonly Field[]
  /** The spec's toast after a save; none when it gives undefined. */
  savedToast?: (result: Result, value: Value) => ToastInput | undefined
  /** The spec's toast after a refused or failed save. */
  failedToast?: (error: unknown) => ToastInput
  /** After a refused or failed save, `problem` is the server's message, or this text. */
  failedText?: string
  /** The form's own words for a refused input, where they differ from the schema's message. */
  describeInvalid?: (issue: { path: readonly PropertyKey[]; message: string }) => string
  /** The spec's toast when the input itself is refused, given the first problem. */
  invalidToast?: (problem: string) => ToastInput
}

/**
 * A form's save: checks the input with the payload schema (the first problem per field in
 * `errors`, the first of all in `problem`), saves the parsed value while `isSaving`, and
 * shows the caller's texts: the toasts of the spec and the form's `problem` line. A failed
 * save is shown when the caller says how (failedToast, failedText); otherwise it is thrown on.
 */
export function useSave<Schema extends z.ZodType, Result, Field extends string = never>(
  schema: Schema,
  onSave: (value: z.output<Schema>) => Promise<Result>,
  options: SaveOptions<z.output<Schema>, Result, Field> = {},
) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  const save = async (input: z.input<Schema>) => {
    const parsed = schema.safeParse(input)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field
        if (options.fields?.includes(field) && !found[field]) found[field] = issue.message
      }
      const issue = parsed.error.issues[0]
      const first = issue ? (options.describeInvalid?.(issue) ?? issue.message) : 'Ongeldige invoer'
      setErrors(found)
      setProblem(first)
      if (options.invalidToast) showToast(options.invalidToast(first))
      return
    }
    setErrors({})
    setProblem(undefined)
    setIsSaving(true)
    try {
      const result = await onSave(parsed.data)
      const toast = options.savedToast?.(result, parsed.data)
      if (toast) showToast(toast)
    } catch (error) {
      // What the person is told is the toast or the problem line; the cause, for whoever
      // looks at the console (the browser tests print it when a step fails).
      console.warn('save failed:', error)
      if (!options.failedToast && options.failedText === undefined) throw error
      if (options.failedText !== undefined) setProblem(describeError(error, options.failedText))
      if (options.failedToast) showToast(options.failedToast(error))
    } finally {
      setIsSaving(false)
    }
  }

  /** The field's problem, as a field hint. */
  const errorHint = (field: Field) =>
    errors[field] && <span className="text-destructive">{errors[field]}</span>

  /** A field's props for its problem: marked invalid, the problem as its hint. */
  const errorProps = (field: Field) => ({ 'aria-invalid': !!errors[field], hint: errorHint(field) })

  return { errors, setErrors, problem, setProblem, isSaving, save, errorHint, errorProps }
}
