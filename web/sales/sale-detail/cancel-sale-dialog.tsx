import { SaleCancelSchema } from '#schema/sales'
import { Alert } from '../../components/alert.tsx'
import { ReasonDialog } from './reason-dialog.tsx'

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
  return (
    <ReasonDialog
      title="Verkoop annuleren"
      description={`De verkoop aan ${clientName}.`}
      submitLabel="Verkoop annuleren"
      schema={SaleCancelSchema}
      placeholder="Bijv. financiering afgewezen"
      isWaiting={isWaiting}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    >
      <Alert variant="destructive">
        Weet je zeker dat je deze verkoop wilt annuleren? Onbetaalde commissies vervallen en wat al
        betaald is wordt teruggevorderd.
      </Alert>
      {isWaiting && (
        <Alert title="Even wachten">
          Betalingen op deze verkoop worden nog naar de server gestuurd. Annuleren kan zodra ze
          verwerkt zijn.
        </Alert>
      )}
    </ReasonDialog>
  )
}
