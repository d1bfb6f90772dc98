import { SyncNotices as Notices } from '../../components/sync-notices.tsx'
import { useCurrentUserState } from '../../lib/current-user.tsx'
import { useLocalDatabase } from '../../lib/local-database.tsx'

/** The central area's sync notices (components/sync-notices.tsx) with its session. */
export function SyncNotices() {
  const database = useLocalDatabase()
  const { refetchUser } = useCurrentUserState()
  return (
    <Notices status={database?.status} databaseName={database?.name} refetchSession={refetchUser} />
  )
}
