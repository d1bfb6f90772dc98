import { TitledCard } from '../../components/card.tsx'
import { type Figure, FigureList } from './figure-list.tsx'

type FigureCardProps = { titleId: string; title: string; figures: readonly Figure[] }

/** A card of the statistics screen: its title (which labels it) over its figures. */
export function FigureCard({ titleId, title, figures }: FigureCardProps) {
  return (
    <TitledCard titleId={titleId} title={title} isCompact className="min-w-0">
      <FigureList figures={figures} />
    </TitledCard>
  )
}
