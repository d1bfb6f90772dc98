import { useEffect, useState } from 'react'
import type { MailBounce } from '#schema/mail'
import { api } from './api-client.ts'
import { useOnlineStatus } from './use-online-status.ts'

const LOADERS = {
  /** Gebruikers: by user id. */
  central: () => api.users['mail-bounces'].$get(),
  /** Gold Estates' Verkopers: by seller id. */
  sales: () => api['gold-estates'].sellers['mail-bounces'].$get(),
}

/**
 * The users (or sellers) whose address a mail server refused for good, by id, read from
 * the server (the system file keeps them, not the local database), for those who manage
 * their sign-ins. Offline: none shown.
 */
export function useMailBounces(
  canManageUsers: boolean,
  area: keyof typeof LOADERS = 'central',
): Record<string, MailBounce> {
  const isOnline = useOnlineStatus()
  const [bounces, setBounces] = useState<Record<string, MailBounce>>({})
  useEffect(() => {
    if (!isOnline || !canManageUsers) return
    let isCurrent = true
    LOADERS[area]()
      .then((response) => response.json())
      .then(
        (data) => isCurrent && setBounces(data),
        // Refused or away: the list shows without markers, as before.
        () => undefined,
      )
    return () => {
      isCurrent = false
    }
  }, [isOnline, canManageUsers, area])
  return bounces
}
