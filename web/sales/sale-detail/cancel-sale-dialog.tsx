import { SaleCancelSchema } from '#schema/sales'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { useReason } from './use-reason.tsx'

type CancelSaleDialogProps = {
  clientName: string
  /** Payments of the sale are still on their way to the server: wait for them first. */
  isWaiting: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<void>
}

/**
 * "Verkoop annuleren": a reason (at least 3 characters) and the explicit question what it
 * does, before the destructive button.
 */
export function CancelSaleDialog(props: CancelSaleDialogProps) {
  const { clientName, isWaiting, onOpenChange, onConfirm } = props
  const { field, submit, isSaving } = useReason(SaleCancelSchema, onConfirm, isWaiting)

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Verkoop annuleren"
      description={`De verkoop aan ${clientName}.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextareaField {...field} placeholder="Bijv. financiering afgewezen" />
        <Alert variant="destructive">
          Weet je zeker dat je deze verkoop wilt annuleren? Onbetaalde commissies vervallen en wat
          al betaald is wordt teruggevorderd.
        </Alert>
        {isWaiting && (
          <Alert title="Even wachten">
            Betalingen op deze verkoop worden nog naar de server gestuurd. Annuleren kan zodra ze
            verwerkt zijn.
          </Alert>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Terug
          </Button>
          <Button type="submit" variant="destructive" disabled={isSaving || isWaiting}>
            {isSaving ? 'Bezig...' : 'Verkoop annuleren'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
