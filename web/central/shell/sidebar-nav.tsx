import * as Tooltip from 'radix-ui/tooltip'
import { useId } from 'react'
import { NavLink } from 'react-router-dom'
import { cn } from '../../lib/class-names.ts'
import { NAV_ITEMS } from './nav-items.ts'

type SidebarNavProps = {
  /** Icons only, with the label in a tooltip. */
  isCollapsed?: boolean
  onNavigate?: () => void
}

/** Group 'Hoofdmenu' with the five entries; the current one gets aria-current="page". */
export function SidebarNav({ isCollapsed = false, onNavigate }: SidebarNavProps) {
  const groupLabelId = useId()
  return (
    <nav aria-labelledby={groupLabelId} className="grid gap-1 p-2">
      <h2
        id={groupLabelId}
        className={cn(
          'px-2 pt-2 pb-1 font-medium text-muted-foreground text-xs',
          isCollapsed && 'sr-only',
        )}
      >
        Hoofdmenu
      </h2>
      <ul className="grid gap-1">
        {NAV_ITEMS.map(({ to, label, Icon }) => {
          const link = (
            <NavLink
              to={to}
              end={to === '/'}
              onClick={onNavigate}
              aria-label={isCollapsed ? label : undefined}
              // A plain string: Tooltip's Slot cannot merge NavLink's className function.
              // NavLink marks the current entry with aria-current="page", which styles it.
              className={cn(
                'flex h-9 items-center gap-3 rounded-md text-foreground/80 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
                'aria-[current=page]:bg-primary/12 aria-[current=page]:font-medium aria-[current=page]:text-primary',
                isCollapsed ? 'w-8 justify-center' : 'px-2.5',
              )}
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {!isCollapsed && <span className="truncate">{label}</span>}
            </NavLink>
          )
          return (
            <li key={to}>
              {isCollapsed ? (
                <Tooltip.Root>
                  <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
                  <Tooltip.Portal>
                    <Tooltip.Content
                      side="right"
                      sideOffset={8}
                      className="z-50 rounded-md bg-foreground px-2.5 py-1.5 text-background text-xs shadow-md"
                    >
                      {label}
                    </Tooltip.Content>
                  </Tooltip.Portal>
                </Tooltip.Root>
              ) : (
                link
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
