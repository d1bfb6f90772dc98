import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router-dom'
import { salesPath } from '../../lib/sales-path.ts'

const backClass =
  'mb-3 inline-flex items-center gap-1.5 rounded-sm text-muted-foreground text-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring'

/** The way back from a plan to the list of plans. */
export function BackToPlans() {
  return (
    <Link to={salesPath('/settings/commission-plans')} className={backClass}>
      <ArrowLeft aria-hidden className="size-4" />
      Commissieplannen
    </Link>
  )
}

/** The way back from a seller's page to the sales team. */
export function BackToSellers() {
  return (
    <Link to={salesPath('/sellers')} className={backClass}>
      <ArrowLeft aria-hidden className="size-4" />
      Verkopers
    </Link>
  )
}
