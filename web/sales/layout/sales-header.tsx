import { ArrowLeft, Building2, FileSpreadsheet, Settings } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { formatSyncAccount } from '#sync/account'
import { getSessionAccount } from '#sync/client/signed-in-account'
import { Avatar } from '../../components/avatar.tsx'
import { Badge } from '../../components/badge.tsx'
import { buttonClass } from '../../components/button.tsx'
import { LogoutButton } from '../../components/logout-button.tsx'
import { SyncQueueIndicator } from '../../components/sync-queue-indicator.tsx'
import { SyncStateIndicator } from '../../components/sync-state-indicator.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { IS_SALES_HOST, salesPath } from '../../lib/sales-path.ts'
import { useSalesDatabase } from '../data/sales-database.tsx'
import { useSalesSession, useSalesUser } from '../data/sales-session.tsx'
import { BrandBadge } from './brand-badge.tsx'
import { logOutOfSales } from './sales-logout.ts'
import { SalesHeaderNav } from './sales-nav.tsx'
import { SalesRefusedChanges } from './sales-refused-changes.tsx'
import { SALES_ROLE_LABELS } from './sales-roles.ts'

/**
 * The sales header (docs/behaviour.md): brand badge, the organisation's name, the sales
 * places, a Sync button to the sheets sync, a settings button, who is signed in with their
 * role, theme and logout.
 */
export function SalesHeader() {
  const user = useSalesUser()
  const { forget } = useSalesSession()
  const database = useSalesDatabase()
  const account = { area: 'sales', ...getSessionAccount(user) } as const
  const navigate = useNavigate()
  const [isLoggingOut, setIsLoggingOut] = useState(false)

  const logOut = async () => {
    setIsLoggingOut(true)
    if (await logOutOfSales(account, database)) {
      forget()
      navigate(salesPath('/login'), { replace: true })
    } else {
      setIsLoggingOut(false)
    }
  }

  return (
    <header className="sticky top-[var(--banner-height,0px)] z-30 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        {!IS_SALES_HOST && (
          <a
            href="/apps"
            aria-label="Terug naar Centraal"
            title="Terug naar Centraal"
            className={buttonClass('ghost', 'icon')}
          >
            <ArrowLeft aria-hidden />
          </a>
        )}
        <Link
          to={salesPath('/dashboard')}
          className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <BrandBadge isCompactOnPhone />
        </Link>
        {user.organisationName && (
          <p
            className="flex min-w-0 items-center gap-1.5 font-medium text-sm"
            title={user.organisationName}
          >
            <span className="sr-only">Organisatie: </span>
            <Building2
              aria-hidden
              className="hidden size-4 shrink-0 text-muted-foreground sm:block"
            />
            <span className="truncate">{user.organisationName}</span>
          </p>
        )}
        {/* The buttons keep their room; the organisation's name takes what is left. */}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <Link
            to={salesPath('/sheets-sync')}
            className={buttonClass('ghost', 'sm', 'px-2.5')}
            aria-label="Sync"
            title="Google Sheets sync"
          >
            <FileSpreadsheet aria-hidden />
            <span className="hidden sm:inline">Sync</span>
          </Link>
          <Link
            to={salesPath('/settings')}
            className={buttonClass('ghost', 'icon')}
            aria-label="Instellingen"
            title="Instellingen"
          >
            <Settings aria-hidden />
          </Link>
          {database && <SyncStateIndicator status={database.status} />}
          <SyncQueueIndicator account={formatSyncAccount(account)} />
          <SalesRefusedChanges />
          <ThemeToggle />
          <div className="hidden min-w-0 items-center gap-2 px-1 sm:flex">
            <Avatar name={user.name} className="size-8 text-xs" />
            <div className="hidden min-w-0 items-center gap-2 md:flex">
              <span className="max-w-40 truncate font-medium text-sm">{user.name}</span>
              <Badge variant="secondary">{SALES_ROLE_LABELS[user.role] ?? user.role}</Badge>
            </div>
          </div>
          <LogoutButton isLoggingOut={isLoggingOut} size="sm" onClick={logOut} className="px-2.5" />
        </div>
      </div>
      <div className="mx-auto hidden max-w-6xl px-4 pb-2 sm:px-6 md:block">
        <SalesHeaderNav />
      </div>
    </header>
  )
}
