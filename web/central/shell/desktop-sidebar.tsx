import { BrandMark } from '../../components/brand-mark.tsx'
import { cn } from '../../lib/class-names.ts'
import { useSidebar } from './sidebar-context.tsx'
import { SidebarNav } from './sidebar-nav.tsx'

export const SIDEBAR_ID = 'app-sidebar'

/** The sidebar from 768 px up: 16rem wide, or 3rem with icons only. */
export function DesktopSidebar() {
  const { isExpanded } = useSidebar()
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Zijbalk"
      data-state={isExpanded ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-[var(--banner-height,0px)] hidden h-[calc(100dvh-var(--banner-height,0px))] shrink-0 flex-col overflow-hidden border-r bg-sidebar transition-[width] duration-200 ease-out md:flex',
        isExpanded ? 'w-64' : 'w-12',
      )}
    >
      <div
        className={cn(
          'flex h-14 shrink-0 items-center gap-2 border-b font-semibold text-lg',
          isExpanded ? 'px-4' : 'justify-center',
        )}
      >
        <BrandMark className="size-7" />
        {isExpanded && <span>Centraal</span>}
      </div>
      <SidebarNav isCollapsed={!isExpanded} />
    </aside>
  )
}
