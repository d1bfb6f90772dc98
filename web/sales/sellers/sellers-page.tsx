import { UsersRound } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { SellerDocType } from '#schema/rx/sellers'
import { liveDocs } from '../../lib/live-docs.ts'
import { useMailBounces } from '../../lib/use-mail-bounces.ts'
import { CatalogListPage, type CatalogListTexts } from '../components/catalog-list-page.tsx'
import { compareActiveFirst } from '../components/compare-active-first.ts'
import { toggleActiveStatus } from '../components/toggle-active-status.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { insertSeller, type SellerFields, updateSeller } from '../data/team-writes.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { type SellerAction, SellerCard } from './seller-card.tsx'
import { SellerDialog } from './seller-dialog.tsx'
import { SellerLoginDialog } from './seller-login-dialog.tsx'

type OpenDialog =
  | { kind: 'edit'; seller?: SellerDocType }
  | { kind: 'login'; sellerId: string }
  | null

const TEXTS: CatalogListTexts = {
  title: 'Verkopers',
  description: {
    write: 'Beheer het salesteam en wie kan inloggen',
    read: 'Het salesteam. Alleen een admin kan het wijzigen.',
  },
  addLabel: 'Nieuwe Verkoper',
  firstAddLabel: 'Voeg je eerste verkoper toe',
  failedTitle: 'De verkopers konden niet gelezen worden',
  emptyTitle: 'Nog geen verkopers',
  emptyReadOnly: 'Een admin voegt de verkopers toe.',
}

const toggleActive = (seller: SellerDocType) =>
  toggleActiveStatus({
    item: seller,
    question: {
      deactivate: `Weet je zeker dat je ${seller.name} wilt deactiveren?${seller.userId ? ' Een eigen inlog werkt dan niet meer.' : ''}`,
      activate: `${seller.name} weer activeren?`,
    },
    toastTitle: { deactivated: 'Verkoper gedeactiveerd', activated: 'Verkoper geactiveerd' },
    update: (status) => updateSeller(seller.id, { status }),
  })

/** {base}/sellers: the sales team from the local database (works offline). */
export function SellersPage() {
  const user = useSalesUser()
  const canWrite = hasSalesPermission(user, 'sales.catalog.write')
  const seesAll = hasSalesPermission(user, 'sales.read.all')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const bounces = useMailBounces(canWrite, 'sales')
  const sellers = useSalesLiveQuery(
    ({ db }) =>
      liveDocs(db.sellers.find()).pipe(map((sellers) => sellers.sort(compareActiveFirst))),
    [],
  )

  // The dialog shows the toasts; a failed write throws into it.
  const save = async (fields: SellerFields) => {
    const seller = dialog?.kind === 'edit' ? dialog.seller : undefined
    if (seller) await updateSeller(seller.id, fields)
    else await insertSeller(fields)
    setDialog(null)
  }

  const onAction = (action: SellerAction, seller: SellerDocType) => {
    if (action === 'edit') setDialog({ kind: 'edit', seller })
    else if (action === 'login') setDialog({ kind: 'login', sellerId: seller.id })
    else void toggleActive(seller)
  }

  const loginSeller =
    dialog?.kind === 'login' && sellers.status === 'ready'
      ? sellers.data.find((seller) => seller.id === dialog.sellerId)
      : undefined

  return (
    <CatalogListPage
      texts={TEXTS}
      EmptyIcon={UsersRound}
      items={sellers}
      canWrite={canWrite}
      onAdd={() => setDialog({ kind: 'edit' })}
      renderItem={(seller) => (
        <SellerCard
          key={seller.id}
          seller={seller}
          canWrite={canWrite}
          bounce={bounces[seller.id]}
          onAction={onAction}
          opensPlan={seesAll || seller.id === user.sellerId}
        />
      )}
    >
      {dialog?.kind === 'edit' && (
        <SellerDialog
          seller={dialog.seller}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={save}
        />
      )}
      {loginSeller && <SellerLoginDialog seller={loginSeller} onClose={() => setDialog(null)} />}
    </CatalogListPage>
  )
}
