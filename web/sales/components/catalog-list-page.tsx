import { type LucideIcon, Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { LiveList } from '../../components/live-list.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import type { SalesLiveQuery } from '../data/use-sales-live-query.ts'
import { BackToSettings } from '../layout/back-to-settings.tsx'

/** The texts of a catalog page, in the spec's Dutch. */
export type CatalogListTexts = {
  title: string
  /** The description for an admin, and for someone who may only look. */
  description: { write: string; read: string }
  addLabel: string
  firstAddLabel: string
  failedTitle: string
  emptyTitle: string
  /** The empty state's line for someone who may not add. */
  emptyReadOnly: string
}

type CatalogListPageProps<T> = {
  texts: CatalogListTexts
  EmptyIcon: LucideIcon
  items: SalesLiveQuery<T[]>
  canWrite: boolean
  onAdd: () => void
  renderItem: (item: T) => ReactNode
  /** The page's dialogs. */
  children?: ReactNode
}

/**
 * A settings page listing the projects or the sellers from the local database: header
 * with the add button for an admin, loading, failure, empty state or the cards.
 */
export function CatalogListPage<T>({
  texts,
  EmptyIcon,
  items,
  canWrite,
  onAdd,
  renderItem,
  children,
}: CatalogListPageProps<T>) {
  const addButton = (label: string) => (
    <Button onClick={onAdd}>
      <Plus aria-hidden />
      {label}
    </Button>
  )

  return (
    <>
      <BackToSettings />
      <PageHeader
        title={texts.title}
        description={canWrite ? texts.description.write : texts.description.read}
        actions={canWrite && addButton(texts.addLabel)}
      />
      <LiveList
        items={items}
        failedTitle={texts.failedTitle}
        empty={
          <EmptyState Icon={EmptyIcon} title={texts.emptyTitle}>
            {canWrite ? (
              addButton(texts.firstAddLabel)
            ) : (
              <p className="text-muted-foreground text-sm">{texts.emptyReadOnly}</p>
            )}
          </EmptyState>
        }
      >
        {(all) => (
          <ul aria-label={texts.title} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {all.map(renderItem)}
          </ul>
        )}
      </LiveList>
      {children}
    </>
  )
}
