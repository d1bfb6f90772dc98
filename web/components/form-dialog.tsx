import type { FormEvent, ReactNode } from 'react'
import { Button, type ButtonProps } from './button.tsx'
import { Dialog } from './dialog.tsx'

type FormDialogProps = {
  title: string
  description: string
  /** The submit button's text while not saving ('Opslaan' or 'Toevoegen'). */
  submitLabel: string
  /** 'destructive' where the submit undoes something (cancel, reject). */
  submitVariant?: ButtonProps['variant']
  /** The button that closes the dialog unsaved. */
  cancelLabel?: 'Annuleren' | 'Terug'
  isSaving: boolean
  /** The submit waits for something else first; the dialog's fields say what. */
  isSubmitBlocked?: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (event: FormEvent) => void
  /** The dialog's own fields. */
  children: ReactNode
}

/**
 * An add, edit or confirm dialog: the fields in a form that the dialog validates itself
 * (`noValidate`), then the cancel and the submit button, both disabled while saving.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  submitVariant,
  cancelLabel = 'Annuleren',
  isSaving,
  isSubmitBlocked = false,
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
            {cancelLabel}
          </Button>
          <Button type="submit" variant={submitVariant} disabled={isSaving || isSubmitBlocked}>
            {isSaving ? 'Bezig...' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
