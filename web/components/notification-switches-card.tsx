import { Bell } from 'lucide-react'
import type { z } from 'zod'
import { type NotificationPreferences, NotificationPreferencesUpdateSchema } from '#schema/central'
import { isQueuedResponse } from '../lib/api-request.ts'
import { savedToastTitled, saveFailedToast } from '../lib/save-toasts.ts'
import { useSave } from '../lib/use-save.tsx'
import { useServerData } from '../lib/use-server-data.ts'
import { Alert } from './alert.tsx'
import { CardContent, IconCard } from './card.tsx'
import { SwitchField } from './switch.tsx'

type Changes = z.output<typeof NotificationPreferencesUpdateSchema>

/** Where an area keeps the signed-in account's switches, and what they mean there. */
export type NotificationSwitchesSource = {
  /** The GET's path: the key its answer is kept under. */
  path: string
  load: () => Promise<NotificationPreferences>
  save: (changes: Changes) => Promise<Response>
  savedTitle: string
  descriptions: { emailNotifications: string; activityAlerts: string }
}

/**
 * "Meldingen": the signed-in account's own E-mailmeldingen and Activiteitsmeldingen, both on
 * by default (shown disabled until the first answer), saved on each change (queued offline).
 * Centraal's Instellingen and Gold Estates' each pass their own source.
 */
export function NotificationSwitchesCard({ source }: { source: NotificationSwitchesSource }) {
  const { state, replace, reload } = useServerData(source.path, source.load)
  const preferences =
    state.status === 'ready' ? state.data : { emailNotifications: true, activityAlerts: true }

  const { save } = useSave(
    NotificationPreferencesUpdateSchema,
    async (changes) => {
      replace({ ...preferences, ...changes })
      try {
        const response = await source.save(changes)
        if (!isQueuedResponse(response)) replace(await response.json())
        return response
      } catch (error) {
        void reload()
        throw error
      }
    },
    { savedToast: savedToastTitled(source.savedTitle), failedToast: saveFailedToast },
  )
  const change = (changes: Partial<NotificationPreferences>) => save(changes)

  return (
    <IconCard Icon={Bell} title="Meldingen" description="Alleen voor jouw account.">
      <CardContent className="grid gap-5">
        {state.status === 'failed' && (
          <Alert variant="destructive" title="Voorkeuren konden niet worden geladen">
            Probeer het later opnieuw.
          </Alert>
        )}
        <SwitchField
          label="E-mailmeldingen"
          description={source.descriptions.emailNotifications}
          checked={preferences.emailNotifications}
          disabled={state.status !== 'ready'}
          onCheckedChange={(emailNotifications) => void change({ emailNotifications })}
        />
        <SwitchField
          label="Activiteitsmeldingen"
          description={source.descriptions.activityAlerts}
          checked={preferences.activityAlerts}
          disabled={state.status !== 'ready'}
          onCheckedChange={(activityAlerts) => void change({ activityAlerts })}
        />
      </CardContent>
    </IconCard>
  )
}
