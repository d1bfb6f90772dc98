import { PageHeader } from '../../components/page-header.tsx'

/** /apps (spec §2). */
export function AppsPage() {
  return <PageHeader title="Apps" description="Koppel externe apps aan je organisatie" />
}
