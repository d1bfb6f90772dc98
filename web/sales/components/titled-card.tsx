import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'

type TitledCardProps = {
  titleId: string
  title: string
  /** The content's classes: the compact padding of the sales screens by default. */
  contentClassName?: string
  children: ReactNode
}

/** A card of the sales screens labelled by its title, its content at compact padding. */
export function TitledCard({
  titleId,
  title,
  contentClassName = 'px-4 sm:px-6',
  children,
}: TitledCardProps) {
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  )
}
