import type { ReactNode } from 'react'
import type { LiveQuery } from '../lib/use-live-query.ts'
import { Alert } from './alert.tsx'
import { InlineLoading } from './inline-loading.tsx'

/** What a screen reads could not be read: `title` says what; a reload tries again. */
export function ReadFailed({ title }: { title: string }) {
  return (
    <Alert variant="destructive" title={title}>
      Ververs de pagina om het opnieuw te proberen.
    </Alert>
  )
}

type LiveListProps<Item> = {
  items: LiveQuery<Item[]>
  /** Says what could not be read ("De … konden niet gelezen worden"). */
  failedTitle: string
  /** Shown when there are no items. */
  empty: ReactNode
  children: (items: Item[]) => ReactNode
}

/** A list a live query reads: loading, failed, empty, or its items. */
export function LiveList<Item>({ items, failedTitle, empty, children }: LiveListProps<Item>) {
  if (items.status === 'loading') return <InlineLoading />
  if (items.status === 'failed') return <ReadFailed title={failedTitle} />
  return <>{items.data.length === 0 ? empty : children(items.data)}</>
}
