import * as Tooltip from 'radix-ui/tooltip'
import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { BottomNav } from '../../components/bottom-nav.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { AppHeader } from './app-header.tsx'
import { DesktopSidebar } from './desktop-sidebar.tsx'
import { MobileSidebarSheet } from './mobile-sidebar-sheet.tsx'
import { NAV_ITEMS } from './nav-items.ts'
import { RestoreNotice } from './restore-notice.tsx'
import { SidebarProvider } from './sidebar-context.tsx'

/** Constants (docs/behaviour.md): tooltips wait 700 ms. */
const TOOLTIP_DELAY_MS = 700

/** The signed-in layout: sidebar (or sheet and bottom bar on phones), header, page. */
export function AppShell() {
  return (
    <SidebarProvider>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Naar de inhoud
        </a>
        <div className="flex min-h-dvh">
          <DesktopSidebar />
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader />
            <main
              id="main-content"
              tabIndex={-1}
              className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none sm:px-6 md:pb-8"
            >
              <RestoreNotice />
              {/* A screen opened for the first time loads its code here, inside the shell. */}
              <Suspense fallback={<InlineLoading />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
        <MobileSidebarSheet />
        <BottomNav label="Snelmenu" items={NAV_ITEMS} />
      </Tooltip.Provider>
    </SidebarProvider>
  )
}
