import { Alert } from '../../components/alert.tsx'

/** When the local sales data could not be read. */
export function DataFailed() {
  return (
    <Alert variant="destructive" title="De lokale gegevens konden niet gelezen worden">
      Ververs de pagina om het opnieuw te proberen.
    </Alert>
  )
}
