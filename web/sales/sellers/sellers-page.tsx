import { Plus, UsersRound } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { SellerDocType } from '#schema/rx/sellers'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { SAVE_FAILED_TOAST, showToast } from '../../lib/toasts.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { insertSeller, type SellerFields, updateSeller } from '../data/team-writes.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { BackToSettings } from '../layout/back-to-settings.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { type SellerAction, SellerCard } from './seller-card.tsx'
import { SellerDialog } from './seller-dialog.tsx'
import { SellerLoginDialog } from './seller-login-dialog.tsx'

type OpenDialog =
  | { kind: 'edit'; seller?: SellerDocType }
  | { kind: 'login'; sellerId: string }
  | null

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true })

function compareSellers(a: SellerDocType, b: SellerDocType) {
  const activeFirst = Number(b.status === 'active') - Number(a.status === 'active')
  return activeFirst || byName.compare(a.name, b.name) || a.id.localeCompare(b.id)
}

/** {base}/sellers: the sales team from the local database (works offline). */
export function SellersPage() {
  const canWrite = hasSalesPermission(useSalesUser(), 'sales.catalog.write')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const sellers = useSalesLiveQuery(
    ({ db }) => liveDocs(db.sellers.find()).pipe(map((sellers) => sellers.sort(compareSellers))),
    [],
  )

  // The dialog shows the toasts; a failed write throws into it.
  const save = async (fields: SellerFields) => {
    const seller = dialog?.kind === 'edit' ? dialog.seller : undefined
    if (seller) await updateSeller(seller.id, fields)
    else await insertSeller(fields)
    setDialog(null)
  }

  const toggleActive = async (seller: SellerDocType) => {
    const isActive = seller.status === 'active'
    const question = isActive
      ? `Weet je zeker dat je ${seller.name} wilt deactiveren?${seller.userId ? ' Een eigen inlog werkt dan niet meer.' : ''}`
      : `${seller.name} weer activeren?`
    if (!window.confirm(question)) return
    try {
      await updateSeller(seller.id, { status: isActive ? 'inactive' : 'active' })
      showToast({
        title: isActive ? 'Verkoper gedeactiveerd' : 'Verkoper geactiveerd',
        description: seller.name,
      })
    } catch {
      showToast(SAVE_FAILED_TOAST)
    }
  }

  const onAction = (action: SellerAction, seller: SellerDocType) => {
    if (action === 'edit') setDialog({ kind: 'edit', seller })
    else if (action === 'login') setDialog({ kind: 'login', sellerId: seller.id })
    else void toggleActive(seller)
  }

  const addButton = (label: string) => (
    <Button onClick={() => setDialog({ kind: 'edit' })}>
      <Plus aria-hidden />
      {label}
    </Button>
  )

  const loginSeller =
    dialog?.kind === 'login' && sellers.status === 'ready'
      ? sellers.data.find((seller) => seller.id === dialog.sellerId)
      : undefined

  return (
    <>
      <BackToSettings />
      <PageHeader
        title="Verkopers"
        description={
          canWrite
            ? 'Beheer het salesteam en wie kan inloggen'
            : 'Het salesteam. Alleen een admin kan het wijzigen.'
        }
        actions={canWrite && addButton('Nieuwe Verkoper')}
      />
      {sellers.status === 'loading' && <InlineLoading />}
      {sellers.status === 'failed' && (
        <Alert variant="destructive" title="De verkopers konden niet gelezen worden">
          Ververs de pagina om het opnieuw te proberen.
        </Alert>
      )}
      {sellers.status === 'ready' &&
        (sellers.data.length === 0 ? (
          <EmptyState Icon={UsersRound} title="Nog geen verkopers">
            {canWrite ? (
              addButton('Voeg je eerste verkoper toe')
            ) : (
              <p className="text-muted-foreground text-sm">Een admin voegt de verkopers toe.</p>
            )}
          </EmptyState>
        ) : (
          <ul aria-label="Verkopers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {sellers.data.map((seller) => (
              <SellerCard key={seller.id} seller={seller} canWrite={canWrite} onAction={onAction} />
            ))}
          </ul>
        ))}
      {dialog?.kind === 'edit' && (
        <SellerDialog
          seller={dialog.seller}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={save}
        />
      )}
      {loginSeller && <SellerLoginDialog seller={loginSeller} onClose={() => setDialog(null)} />}
    </>
  )
}
