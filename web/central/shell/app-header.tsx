import { Menu, PanelLeft } from 'lucide-react'
import { useState } from 'react'
import { ROLE_LABELS } from '#schema/roles'
import { formatSyncAccount } from '#sync/account'
import { getSessionAccount } from '#sync/client/signed-in-account'
import { Avatar } from '../../components/avatar.tsx'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { LogoutButton } from '../../components/logout-button.tsx'
import { SyncQueueIndicator } from '../../components/sync-queue-indicator.tsx'
import { SyncStateIndicator } from '../../components/sync-state-indicator.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { logOut } from '../../lib/clear-cached-data.ts'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { RefusedChangesIndicator } from '../sync-status/refused-changes-indicator.tsx'
import { SIDEBAR_ID } from './desktop-sidebar.tsx'
import { HeaderOrganisation } from './organisation-switcher.tsx'
import { useSidebar } from './sidebar-context.tsx'

/**
 * Top bar: sidebar toggle, the organisation (and its switch), who is signed in, theme and
 * logout (docs/behaviour.md).
 */
export function AppHeader() {
  const user = useSignedInUser()
  const database = useLocalDatabase()
  const account = { area: 'central', ...getSessionAccount(user) } as const
  const { isMobile, isExpanded, isSheetOpen, toggleSidebar } = useSidebar()
  const [isLoggingOut, setIsLoggingOut] = useState(false)

  const toggleLabel = isMobile
    ? 'Menu openen'
    : isExpanded
      ? 'Zijbalk inklappen'
      : 'Zijbalk uitklappen'

  return (
    <header className="sticky top-[var(--banner-height,0px)] z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggleSidebar}
        aria-label={toggleLabel}
        title={`${toggleLabel} (Ctrl+B)`}
        aria-expanded={isMobile ? isSheetOpen : isExpanded}
        aria-controls={isMobile ? undefined : SIDEBAR_ID}
      >
        {isMobile ? <Menu /> : <PanelLeft />}
      </Button>
      <span className="font-semibold md:hidden">Centraal</span>

      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <HeaderOrganisation />
        <div className="flex min-w-0 items-center gap-3 pr-1">
          <Avatar name={user.name} imageUrl={user.profileImageUrl} />
          <div className="hidden min-w-0 items-center gap-2 lg:flex">
            <span className="truncate font-medium text-sm">{user.name}</span>
            <Badge variant="secondary">{ROLE_LABELS[user.role]}</Badge>
          </div>
        </div>
        {database && <SyncStateIndicator status={database.status} />}
        <SyncQueueIndicator account={formatSyncAccount(account)} />
        <RefusedChangesIndicator />
        <ThemeToggle />
        <LogoutButton
          isLoggingOut={isLoggingOut}
          onClick={async () => {
            setIsLoggingOut(true)
            if (!(await logOut(account, database))) setIsLoggingOut(false)
          }}
          className="px-2.5 sm:px-3"
        />
      </div>
    </header>
  )
}
