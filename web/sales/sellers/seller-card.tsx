import { KeyRound, Mail, Phone } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { MailBounce } from '#schema/mail'
import type { SellerDocType } from '#schema/rx/sellers'
import { Avatar } from '../../components/avatar.tsx'
import { Badge } from '../../components/badge.tsx'
import { BounceMarker } from '../../components/bounce-marker.tsx'
import { DropdownMenuItem } from '../../components/dropdown-menu.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { CatalogCardMenu } from '../components/catalog-card-menu.tsx'
import { ActiveStatusBadge } from '../layout/status-badge.tsx'

export type SellerAction = 'edit' | 'login' | 'toggle-active'

type SellerCardProps = {
  seller: SellerDocType
  canWrite: boolean
  /** The address was refused for good by a mail server (shown to the sales ADMIN). */
  bounce?: MailBounce
  onAction: (action: SellerAction, seller: SellerDocType) => void
  /** Whether the name leads to the seller's plan and position (a SELLER: their own only). */
  opensPlan?: boolean
}

const contactClass =
  'flex min-w-0 items-center gap-1.5 rounded-sm text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring'

/** One seller: name, team role, status, contact, and whether they can sign in. */
export function SellerCard({ seller, canWrite, bounce, onAction, opensPlan }: SellerCardProps) {
  const isActive = seller.status === 'active'
  return (
    <li
      aria-label={seller.name}
      className="grid content-start gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar name={seller.name} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="break-words font-semibold leading-tight">
            {opensPlan ? (
              <Link
                to={salesPath(`/sellers/${seller.id}`)}
                title="Commissieplan en positie"
                className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {seller.name}
              </Link>
            ) : (
              seller.name
            )}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            {seller.role && <Badge variant="outline">{seller.role}</Badge>}
            <ActiveStatusBadge status={seller.status} />
            {bounce && <BounceMarker reason={bounce.reason} />}
            {seller.userId && (
              <span className="inline-flex items-center whitespace-nowrap rounded-full bg-amber-500/20 px-2.5 py-0.5 font-medium text-amber-800 text-xs dark:text-amber-300">
                Kan inloggen
              </span>
            )}
          </div>
        </div>
        {canWrite && (
          <CatalogCardMenu
            name={seller.name}
            isActive={isActive}
            onEdit={() => onAction('edit', seller)}
            onToggleActive={() => onAction('toggle-active', seller)}
          >
            <DropdownMenuItem onSelect={() => onAction('login', seller)}>
              <KeyRound aria-hidden />
              {seller.userId ? 'Nieuwe setup-link' : 'Inloggen toestaan'}
            </DropdownMenuItem>
          </CatalogCardMenu>
        )}
      </div>
      {(seller.email || seller.phone) && (
        <div className="grid gap-1">
          {seller.email && (
            <a href={`mailto:${seller.email}`} className={contactClass}>
              <Mail aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{seller.email}</span>
            </a>
          )}
          {seller.phone && (
            <a href={`tel:${seller.phone}`} className={contactClass}>
              <Phone aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{seller.phone}</span>
            </a>
          )}
        </div>
      )}
    </li>
  )
}
