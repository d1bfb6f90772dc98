import { Check, UserPlus, X } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import type { WaitingRegistration } from '#schema/central'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { api } from '../../lib/api-client.ts'
import { formatMoment } from '../../lib/format-date.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'

/**
 * Self-registered accounts waiting for approval (REGISTRATION=approval), for those who
 * manage users. Read from the server, not the local database: an approval needs it anyway.
 * Shown only when someone waits.
 */
export function WaitingRegistrationsCard() {
  const isOnline = useOnlineStatus()
  const [waiting, setWaiting] = useState<WaitingRegistration[]>([])
  const [busyId, setBusyId] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setWaiting(await (await api.users.registrations.$get()).json())
    } catch {
      // Offline or refused: the list stays as it was; the users list itself still shows.
    }
  }, [])

  useEffect(() => {
    if (isOnline) void load()
  }, [isOnline, load])

  if (waiting.length === 0) return null

  async function decide(person: WaitingRegistration, decision: 'approve' | 'refuse') {
    if (
      decision === 'refuse' &&
      !window.confirm(`Weet je zeker dat je de registratie van ${person.name} wilt afwijzen?`)
    ) {
      return
    }
    setBusyId(person.id)
    try {
      const param = { id: person.id }
      if (decision === 'approve') await api.users[':id'].approve.$post({ param })
      else await api.users[':id'].$delete({ param })
      showToast(
        decision === 'approve'
          ? { title: 'Registratie goedgekeurd', description: `${person.name} kan nu inloggen.` }
          : { title: 'Registratie afgewezen', description: `${person.name} is verwijderd.` },
      )
      setWaiting((list) => list.filter((item) => item.id !== person.id))
    } catch (error) {
      showToast({
        title: 'Fout',
        description: describeError(error, 'De registratie kon niet verwerkt worden'),
        variant: 'destructive',
      })
    } finally {
      setBusyId(null)
    }
  }

  return (
    <IconCard
      Icon={UserPlus}
      iconClassName="text-amber-500"
      title="Wachten op goedkeuring"
      description={
        isOnline
          ? 'Deze mensen hebben zich geregistreerd. Ze kunnen pas inloggen na je goedkeuring.'
          : 'Goedkeuren kan alleen met een verbinding.'
      }
    >
      <CardContent>
        <ul className="divide-y">
          {waiting.map((person) => (
            <li
              key={person.id}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{person.name}</p>
                <p className="truncate text-muted-foreground text-sm">
                  {person.email} · geregistreerd {formatMoment(person.createdAt)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  onClick={() => void decide(person, 'approve')}
                  disabled={!isOnline || busyId !== null}
                  aria-label={`${person.name} goedkeuren`}
                >
                  <Check aria-hidden />
                  Goedkeuren
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void decide(person, 'refuse')}
                  disabled={!isOnline || busyId !== null}
                  aria-label={`${person.name} afwijzen`}
                >
                  <X aria-hidden />
                  Afwijzen
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </IconCard>
  )
}
