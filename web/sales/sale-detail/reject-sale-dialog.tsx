import { SaleRejectReasonSchema } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { useReason } from './use-reason.tsx'

type RejectSaleDialogProps = {
  clientName: string
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<void>
}

/** "Afwijzen": the reason its SELLER will read (3 to 500 characters), checked as the server does. */
export function RejectSaleDialog({ clientName, onOpenChange, onConfirm }: RejectSaleDialogProps) {
  const { field, submit, isSaving } = useReason(SaleRejectReasonSchema, onConfirm)
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Verkoop afwijzen"
      description={`De verkoop aan ${clientName} gaat terug naar de verkoper, met je reden.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextareaField {...field} placeholder="Bijv. de verdeling telt niet op tot 100%" />
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
