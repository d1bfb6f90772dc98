import { TitledCard } from '../components/titled-card.tsx'
import { type Figure, FigureList } from './figure-list.tsx'

type FigureCardProps = { titleId: string; title: string; figures: readonly Figure[] }

/** A card of the statistics screen: its title (which labels it) over its figures. */
export function FigureCard({ titleId, title, figures }: FigureCardProps) {
  return (
    <TitledCard titleId={titleId} title={title}>
      <FigureList figures={figures} />
    </TitledCard>
  )
}
