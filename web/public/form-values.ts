import type { FormEvent } from 'react'

/** The submitted form's text fields by name (file inputs are not used on these screens). */
export function readFormValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(event.currentTarget)) {
    if (typeof value === 'string') values[name] = value
  }
  return values
}
