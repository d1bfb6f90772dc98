import { ReadFailed } from '../../components/live-list.tsx'

/** When the local sales data could not be read. */
export function DataFailed() {
  return <ReadFailed title="De lokale gegevens konden niet gelezen worden" />
}
