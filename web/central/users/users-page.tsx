import { PageHeader } from '../../components/page-header.tsx'

/** /users (spec §2). */
export function UsersPage() {
  return <PageHeader title="Gebruikers" description="Beheer alle gebruikers in je organisatie" />
}
