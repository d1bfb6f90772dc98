import { SearchX } from 'lucide-react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { salesPath } from '../data/index.ts'

/**
 * A sale this device does not hold: an unknown id, one that is not (yet) replicated, or
 * for a SELLER one without a line of theirs.
 */
export function SaleNotFound() {
  return (
    <EmptyState Icon={SearchX} title="Verkoop niet gevonden">
      <p className="max-w-sm text-muted-foreground text-sm">
        Deze verkoop staat niet op dit apparaat, of je hebt er geen toegang toe.
      </p>
      <Link to={salesPath('/commissions')} className={buttonClass('outline')}>
        Naar het Commissie Dashboard
      </Link>
    </EmptyState>
  )
}
