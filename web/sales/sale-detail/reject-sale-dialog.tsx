import { type FormEvent, useState } from 'react'
import { SaleRejectSchema } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { useCheckedSave } from '../components/use-checked-save.tsx'

type RejectSaleDialogProps = {
  clientName: string
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<void>
}

const FIELDS = ['reason'] as const

/** "Afwijzen": the reason its SELLER will read (3 to 500 characters), checked as the server does. */
export function RejectSaleDialog({ clientName, onOpenChange, onConfirm }: RejectSaleDialogProps) {
  const [reason, setReason] = useState('')
  const { errors, setErrors, isSaving, save, errorHint } = useCheckedSave(
    SaleRejectSchema,
    FIELDS,
    async (value) => onConfirm(value.reason),
  )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await save({ reason })
  }
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Verkoop afwijzen"
      description={`De verkoop aan ${clientName} gaat terug naar de verkoper, met je reden.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextareaField
          label="Reden *"
          name="reason"
          rows={3}
          maxLength={500}
          required
          placeholder="Bijv. de verdeling telt niet op tot 100%"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value)
            if (errors.reason) setErrors({})
          }}
          aria-invalid={!!errors.reason}
          hint={errorHint('reason')}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Terug
          </Button>
          <Button type="submit" variant="destructive" disabled={isSaving}>
            {isSaving ? 'Bezig...' : 'Afwijzen'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
