import { useEffect, useState } from 'react'
import type { MailBounce } from '#schema/mail'
import { api } from '../../lib/api-client.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'

/**
 * The users whose address a mail server refused for good, by user id, read from the
 * server (the system file keeps them, not the local database), for those who manage
 * users. Offline: none shown.
 */
export function useMailBounces(canManageUsers: boolean): Record<string, MailBounce> {
  const isOnline = useOnlineStatus()
  const [bounces, setBounces] = useState<Record<string, MailBounce>>({})
  useEffect(() => {
    if (!isOnline || !canManageUsers) return
    let isCurrent = true
    api.users['mail-bounces']
      .$get()
      .then((response) => response.json())
      .then(
        (data) => isCurrent && setBounces(data),
        // Refused or away: the list shows without markers, as before.
        () => undefined,
      )
    return () => {
      isCurrent = false
    }
  }, [isOnline, canManageUsers])
  return bounces
}
