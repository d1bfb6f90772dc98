import type { FormEvent, ReactNode } from 'react'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'

type FormDialogProps = {
  title: string
  description: string
  /** The submit button's text while not saving ('Opslaan' or 'Toevoegen'). */
  submitLabel: string
  isSaving: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (event: FormEvent) => void
  /** The dialog's own fields. */
  children: ReactNode
}

/**
 * An add or edit dialog: the fields in a form that the dialog validates itself
 * (`noValidate`), then Annuleren and the submit button, both disabled while saving.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  isSaving,
  onOpenChange,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Annuleren
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Bezig...' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
