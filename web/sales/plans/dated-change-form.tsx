import type { FormEvent, ReactNode, RefObject } from 'react'
import { Alert, ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { OFFLINE_WRITE_TEXT } from './online-write.ts'

/**
 * The form below a dated history (a seller's plan, a project's rate): its title, the
 * offline notice (the change is written online only, online-write.ts) and its fields.
 */
export function DatedChangeForm(props: {
  titleId: string
  title: string
  formRef: RefObject<HTMLFormElement | null>
  onSubmit: (event: FormEvent) => void
  children: ReactNode
}) {
  const isOnline = useOnlineStatus()
  return (
    <form
      ref={props.formRef}
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby={props.titleId}
      className="grid gap-4 border-t pt-4"
    >
      <h3 id={props.titleId} className="font-semibold">
        {props.title}
      </h3>
      {!isOnline && <Alert title="Geen verbinding">{OFFLINE_WRITE_TEXT}</Alert>}
      {props.children}
    </form>
  )
}

/** A dated change form's problem line (useOnlineWrite) and its submit button. */
export function DatedChangeSubmit(props: { problem?: string; isSaving: boolean; label: string }) {
  return (
    <>
      <ProblemLine problem={props.problem} />
      <Button
        type="submit"
        disabled={props.isSaving}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {props.isSaving ? 'Opslaan...' : props.label}
      </Button>
    </>
  )
}
