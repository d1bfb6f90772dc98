import { PageHeader } from '../../components/page-header.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'

/** / while signed in (spec §2). */
export function DashboardPage() {
  const user = useSignedInUser()
  return (
    <PageHeader
      title="Dashboard"
      description={`Welkom terug, ${user.name}. Centraal is een gecentraliseerd beheersysteem voor je organisatie.`}
    />
  )
}
