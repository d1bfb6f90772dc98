import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router-dom'
import { salesPath } from '../../lib/sales-path.ts'

/** The way back from projects, sellers and sheets sync, which open from the settings. */
export function BackToSettings() {
  return (
    <Link
      to={salesPath('/settings')}
      className="mb-3 inline-flex items-center gap-1.5 rounded-sm text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Instellingen
    </Link>
  )
}
