import { LayoutGrid, Plus } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { Button } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { LiveList } from '../../components/live-list.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { ShowMoreButton } from '../../components/show-more-button.tsx'
import { compareNames } from '../../lib/compare-names.ts'
import { liveDocs } from '../../lib/live-docs.ts'
import { requireLocalDatabase, useLocalDatabase } from '../../lib/local-database.tsx'
import { showToast } from '../../lib/toasts.ts'
import { useLiveQuery } from '../../lib/use-live-query.ts'
import { useHasPermission } from '../../lib/use-permission.ts'
import { AppCard } from './app-card.tsx'
import { AppDialog } from './app-dialog.tsx'
import { type AppFields, insertApp, removeApp, updateApp } from './app-writes.ts'
import { GoldEstatesCard } from './gold-estates-card.tsx'

type OpenDialog = { app?: AppConnectionDocType } | null

/** Cards shown at first and added by "Meer tonen": a thousand cards kept a phone busy for seconds at every change. */
const PAGE_SIZE = 60

/** /apps (docs/behaviour.md): Gold Estates for SUPERADMIN, and the connected apps from local data. */
export function AppsPage() {
  const database = useLocalDatabase()
  const canWrite = useHasPermission('apps.write')
  // The Gold Estates card launches the sales area: the right the server checks for it.
  const canLaunchSales = useHasPermission('sales.launch')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [limit, setLimit] = useState(PAGE_SIZE)
  const apps = useLiveQuery(
    ({ db }) =>
      liveDocs(db.app_connections.find()).pipe(
        map((apps) =>
          apps.sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id)),
        ),
      ),
    [],
  )

  // The dialog shows the toasts; a failed write throws into it.
  const save = async (fields: AppFields) => {
    // The database this screen rendered with may be opening again (its worker ended).
    const open = await requireLocalDatabase()
    const app = dialog?.app
    if (app) await updateApp(open, app.id, fields)
    else await insertApp(open, fields)
    setDialog(null)
  }

  const remove = async (app: AppConnectionDocType) => {
    if (!database || !window.confirm(`Weet je zeker dat je "${app.name}" wilt verwijderen?`)) return
    try {
      await removeApp(database, app.id)
      showToast({ title: 'App verwijderd', description: app.name })
    } catch {
      showToast({ title: 'Kon de app niet verwijderen', variant: 'destructive' })
    }
  }

  const addButton = (label: string) => (
    <Button onClick={() => setDialog({})} disabled={!database}>
      <Plus aria-hidden />
      {label}
    </Button>
  )

  return (
    <>
      <PageHeader
        title="Apps"
        description="Koppel externe apps aan je organisatie"
        actions={canWrite && addButton('Nieuwe App')}
      />
      <div className="grid grid-cols-1 gap-8">
        {canLaunchSales && (
          <section aria-labelledby="sales-apps-title" className="grid grid-cols-1 gap-3">
            <h2 id="sales-apps-title" className="font-semibold text-lg">
              Sales Apps
            </h2>
            <GoldEstatesCard />
          </section>
        )}
        <section aria-labelledby="connected-apps-title" className="grid grid-cols-1 gap-3">
          <h2 id="connected-apps-title" className="font-semibold text-lg">
            Gekoppelde Apps
          </h2>
          <LiveList
            items={apps}
            failedTitle="De apps konden niet gelezen worden"
            empty={
              <EmptyState Icon={LayoutGrid} title="Nog geen apps toegevoegd">
                {canWrite ? (
                  addButton('Voeg je eerste app toe')
                ) : (
                  <p className="text-muted-foreground text-sm">Voeg je eerste app toe</p>
                )}
              </EmptyState>
            }
          >
            {(all) => (
              <>
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {all.slice(0, limit).map((app) => (
                    <AppCard
                      key={app.id}
                      app={app}
                      canWrite={canWrite}
                      onEdit={(edited) => setDialog({ app: edited })}
                      onDelete={(deleted) => void remove(deleted)}
                    />
                  ))}
                </ul>
                <ShowMoreButton
                  hasMore={all.length > limit}
                  onShowMore={() => setLimit(limit + PAGE_SIZE)}
                />
              </>
            )}
          </LiveList>
        </section>
      </div>
      {dialog && (
        <AppDialog
          app={dialog.app}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={save}
        />
      )}
    </>
  )
}
