import { BarChart3, House, type LucideIcon, PlusCircle, ReceiptText } from 'lucide-react'

export type SalesNavItem = { path: string; label: string; shortLabel: string; Icon: LucideIcon }

/** The places of the sales area, under {base}; settings and sync sit in the header. */
export const SALES_NAV_ITEMS: readonly SalesNavItem[] = [
  { path: '/dashboard', label: 'Dashboard', shortLabel: 'Home', Icon: House },
  { path: '/sales/new', label: 'Nieuwe verkoop', shortLabel: 'Verkoop', Icon: PlusCircle },
  { path: '/commissions', label: 'Commissies', shortLabel: 'Commissies', Icon: ReceiptText },
  { path: '/statistics', label: 'Statistieken', shortLabel: 'Statistieken', Icon: BarChart3 },
]
