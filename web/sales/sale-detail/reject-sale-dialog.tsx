import { SaleRejectReasonSchema } from '#schema/sales'
import { ReasonDialog } from './reason-dialog.tsx'

type RejectSaleDialogProps = {
  clientName: string
  onOpenChange: (open: boolean) => void
  onConfirm: (reason: string) => Promise<void>
}

/** "Afwijzen": the reason its SELLER will read (3 to 500 characters), checked as the server does. */
export function RejectSaleDialog({ clientName, onOpenChange, onConfirm }: RejectSaleDialogProps) {
  return (
    <ReasonDialog
      title="Verkoop afwijzen"
      description={`De verkoop aan ${clientName} gaat terug naar de verkoper, met je reden.`}
      submitLabel="Afwijzen"
      schema={SaleRejectReasonSchema}
      placeholder="Bijv. de verdeling telt niet op tot 100%"
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    />
  )
}
