import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'
import { type Figure, FigureList } from './figure-list.tsx'

type FigureCardProps = { titleId: string; title: string; figures: readonly Figure[] }

/** A card of the statistics screen: its title (which labels it) over its figures. */
export function FigureCard({ titleId, title, figures }: FigureCardProps) {
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <FigureList figures={figures} />
      </CardContent>
    </Card>
  )
}
