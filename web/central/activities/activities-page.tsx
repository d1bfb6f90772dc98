import { PageHeader } from '../../components/page-header.tsx'

/** /activities (spec §2). */
export function ActivitiesPage() {
  return <PageHeader title="Activiteiten" description="Recente acties in je organisatie" />
}
