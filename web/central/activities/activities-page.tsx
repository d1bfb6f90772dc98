import { History } from 'lucide-react'
import { useState } from 'react'
import { ActivityItem } from '../../components/activity-item.tsx'
import { Card, CardContent } from '../../components/card.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { LiveList } from '../../components/live-list.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { ShowMoreButton } from '../../components/show-more-button.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { useLiveQuery } from '../../lib/use-live-query.ts'

const PAGE_SIZE = 50

/** /activities (docs/behaviour.md): the organisation's activities, newest first, from local data. */
export function ActivitiesPage() {
  const [limit, setLimit] = useState(PAGE_SIZE)
  const activities = useLiveQuery(
    ({ db }) => liveDocs(db.activities.find({ sort: [{ timestamp: 'desc' }], limit: limit + 1 })),
    [limit],
  )
  return (
    <>
      <PageHeader title="Activiteiten" description="Recente acties in je organisatie" />
      <LiveList
        items={activities}
        failedTitle="De activiteiten konden niet gelezen worden"
        empty={<EmptyState Icon={History} title="Nog geen activiteiten" />}
      >
        {(all) => (
          <Card>
            <CardContent className="px-4 py-2 sm:px-6">
              <ul className="divide-y" aria-label="Activiteiten">
                {all.slice(0, limit).map((activity) => (
                  <ActivityItem key={activity.id} activity={activity} now={Date.now()} />
                ))}
              </ul>
              <ShowMoreButton
                hasMore={all.length > limit}
                onShowMore={() => setLimit(limit + PAGE_SIZE)}
                size="sm"
                className="border-t pt-3 pb-2"
              />
            </CardContent>
          </Card>
        )}
      </LiveList>
    </>
  )
}
