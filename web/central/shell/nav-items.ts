import { Activity, House, LayoutGrid, type LucideIcon, Settings, UsersRound } from 'lucide-react'

export type NavItem = {
  to: string
  /** Sidebar label. */
  label: string
  /** Bottom bar label on phones (docs/behaviour.md, The shell). */
  shortLabel: string
  Icon: LucideIcon
}

/** The five places of the signed-in app, in menu order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', shortLabel: 'Home', Icon: House },
  { to: '/users', label: 'Gebruikers', shortLabel: 'Users', Icon: UsersRound },
  { to: '/apps', label: 'Apps', shortLabel: 'Apps', Icon: LayoutGrid },
  { to: '/activities', label: 'Activiteiten', shortLabel: 'Activity', Icon: Activity },
  { to: '/settings', label: 'Instellingen', shortLabel: 'Settings', Icon: Settings },
]
