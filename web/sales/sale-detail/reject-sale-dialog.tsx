import { SaleRejectReasonSchema } from '#schema/sales'
import { FormDialog } from '../../components/form-dialog.tsx'
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
    <FormDialog
      title="Verkoop afwijzen"
      description={`De verkoop aan ${clientName} gaat terug naar de verkoper, met je reden.`}
      submitLabel="Afwijzen"
      submitVariant="destructive"
      cancelLabel="Terug"
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <TextareaField {...field} placeholder="Bijv. de verdeling telt niet op tot 100%" />
    </FormDialog>
  )
}
