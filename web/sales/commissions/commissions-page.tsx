import { PageHeader } from '../../components/page-header.tsx'

// PLACEHOLDER from the sales routes (web/app/sales-routes.tsx): the screens engineer
// replaces this file with the real page; keep the export name CommissionsPage.

/** Commissies (spec §2 Sales area). */
export function CommissionsPage() {
  return (
    <>
      <PageHeader title="Commissies" />
      <p className="text-muted-foreground text-sm">Data laden...</p>
    </>
  )
}
