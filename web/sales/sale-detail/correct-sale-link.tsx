import { PencilLine } from 'lucide-react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'
import { salesPath } from '../data/index.ts'

/** "Verkoop corrigeren": to the sale's correction, for those who may correct it. */
export function CorrectSaleLink({ saleId }: { saleId: string }) {
  return (
    <Link
      to={salesPath(`/sales/${saleId}/edit`)}
      className={buttonClass('outline', 'md', 'flex-1 sm:flex-none')}
    >
      <PencilLine aria-hidden />
      Verkoop corrigeren
    </Link>
  )
}
