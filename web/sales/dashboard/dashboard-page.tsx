import { PageHeader } from '../../components/page-header.tsx'

// PLACEHOLDER from the sales routes (web/app/sales-routes.tsx): the screens engineer
// replaces this file with the real page; keep the export name DashboardPage.

/** Dashboard (spec §2 Sales area). */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <p className="text-muted-foreground text-sm">Data laden...</p>
    </>
  )
}
