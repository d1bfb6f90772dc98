import { useState } from 'react'
import { ApiError } from '../../lib/api-error.ts'
import { describeError } from '../../lib/server-message.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { type FieldErrors, toFieldErrors } from './plan-draft.ts'

// Plans, placements and project rates are written online only: the server recomputes
// what earlier sales earn in the same transaction (decision 039), so the API never queues
// them (web/lib/offline-queue/queue-request.ts). The forms keep what was typed.

/** Said above a plan form while there is no connection. */
export const OFFLINE_WRITE_TEXT =
  'Je bent offline. Opslaan kan pas met verbinding: de server rekent de commissies meteen opnieuw. Wat je hebt ingevuld blijft staan.'

/** Moves focus to the first field marked invalid, once React has drawn the marks. */
export function focusFirstInvalid(form: HTMLElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}

/**
 * A form's online write: field errors (from the schema before sending, or from the server's
 * 400 `errors`), the form's one problem line, and whether it is saving.
 */
export function useOnlineWrite() {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  /** Shows what is wrong before sending; false when something is. */
  const check = (found: FieldErrors, form: HTMLElement | null) => {
    setErrors(found)
    const first = Object.values(found)[0]
    setProblem(first)
    if (first) focusFirstInvalid(form)
    return first === undefined
  }

  /** Sends; a refusal shows the server's words under the fields it names. */
  const send = async <T>(
    write: () => Promise<T>,
    form: HTMLElement | null,
    extras?: Parameters<typeof toFieldErrors>[1],
  ): Promise<T | undefined> => {
    if (!navigator.onLine) {
      setProblem(OFFLINE_WRITE_TEXT)
      return undefined
    }
    setIsSaving(true)
    try {
      const result = await write()
      setProblem(undefined)
      return result
    } catch (error) {
      const listed = error instanceof ApiError && Array.isArray(error.errors) ? error.errors : []
      const found = toFieldErrors(
        listed.filter(
          (item): item is { path: string; message: string } =>
            typeof item === 'object' && item !== null && 'path' in item && 'message' in item,
        ),
        extras,
      )
      setErrors(found)
      // The server's message starts with the field's path ("from: …"): the field says it,
      // the form's line says it once more in words.
      setProblem(
        Object.values(found)[0] ?? describeError(error, 'Opslaan mislukt. Probeer het opnieuw.'),
      )
      focusFirstInvalid(form)
      return undefined
    } finally {
      setIsSaving(false)
    }
  }

  // Back online, "you are offline" no longer holds.
  const isOnline = useOnlineStatus()
  const shown = isOnline && problem === OFFLINE_WRITE_TEXT ? undefined : problem
  return { errors, problem: shown, isSaving, check, send }
}
