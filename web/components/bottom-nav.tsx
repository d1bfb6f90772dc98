import type { LucideIcon } from 'lucide-react'
import { NavLink } from 'react-router-dom'
import { cn } from '../lib/class-names.ts'

export type BottomNavItem = { to: string; shortLabel: string; Icon: LucideIcon }

/** The fixed bar at the bottom of phones (under 768 px): the area's places, side by side. */
export function BottomNav({ label, items }: { label: string; items: readonly BottomNavItem[] }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 auto-cols-fr grid-flow-col">
        {items.map(({ to, shortLabel, Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-[11px] transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
                  isActive
                    ? 'font-medium text-primary'
                    : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden className="size-5" />
              {shortLabel}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
