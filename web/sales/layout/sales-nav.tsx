import { NavLink } from 'react-router-dom'
import { cn } from '../../lib/class-names.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { SALES_NAV_ITEMS } from './sales-nav-items.ts'

const focusRing = 'focus-visible:outline-2 focus-visible:outline-ring'

/** The sales places in the header's second row, from 768 px. */
export function SalesHeaderNav() {
  return (
    <nav aria-label="Gold Estates" className="flex items-center gap-1">
      {SALES_NAV_ITEMS.map(({ path, label, Icon }) => (
        <NavLink
          key={path}
          to={salesPath(path)}
          className={({ isActive }) =>
            cn(
              'inline-flex h-9 items-center gap-2 whitespace-nowrap rounded-md px-3 font-medium text-sm transition-colors [&_svg]:size-4',
              focusRing,
              isActive
                ? 'bg-accent text-accent-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
            )
          }
        >
          <Icon aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  )
}
