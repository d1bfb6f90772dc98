import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { BottomNav } from '../../components/bottom-nav.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { DataLoading } from '../components/data-loading.tsx'
import { SalesHeader } from './sales-header.tsx'
import { SALES_NAV_ITEMS } from './sales-nav-items.ts'

const BOTTOM_NAV_ITEMS = SALES_NAV_ITEMS.map((item) => ({ ...item, to: salesPath(item.path) }))

/** The signed-in sales layout: header, page, and the bottom bar on phones. */
export function SalesLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#sales-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Naar de inhoud
      </a>
      <SalesHeader />
      <main
        id="sales-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none sm:px-6 md:pb-8"
      >
        {/* A screen opened for the first time loads its code here, inside the layout. */}
        <Suspense fallback={<DataLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav label="Gold Estates snelmenu" items={BOTTOM_NAV_ITEMS} />
    </div>
  )
}
