import { Bell } from 'lucide-react'
import { type NotificationPreferences, NotificationPreferencesUpdateSchema } from '#schema/central'
import { Alert } from '../../components/alert.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { SwitchField } from '../../components/switch.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { useSave } from '../../lib/use-save.tsx'
import { useServerData } from '../../lib/use-server-data.ts'
import { savedToast, saveFailedToast } from './save-toasts.ts'

const loadPreferences = async () => (await api.profile.notifications.$get()).json()

/** The signed-in user's own switches, both on by default (docs/behaviour.md); saved on each change. */
export function NotificationSettingsCard() {
  const { state, replace, reload } = useServerData('/api/profile/notifications', loadPreferences)
  // Until the first answer the switches show the defaults, disabled.
  const preferences =
    state.status === 'ready' ? state.data : { emailNotifications: true, activityAlerts: true }

  const { save } = useSave(
    NotificationPreferencesUpdateSchema,
    async (changes) => {
      replace({ ...preferences, ...changes })
      try {
        const response = await api.profile.notifications.$patch({ json: changes })
        if (!isQueuedResponse(response)) replace(await response.json())
        return response
      } catch (error) {
        void reload()
        throw error
      }
    },
    { savedToast, failedToast: saveFailedToast },
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
          description="Ontvang belangrijke meldingen per e-mail."
          checked={preferences.emailNotifications}
          disabled={state.status !== 'ready'}
          onCheckedChange={(emailNotifications) => void change({ emailNotifications })}
        />
        <SwitchField
          label="Activiteitsmeldingen"
          description="Word op de hoogte gehouden van activiteiten in je organisatie."
          checked={preferences.activityAlerts}
          disabled={state.status !== 'ready'}
          onCheckedChange={(activityAlerts) => void change({ activityAlerts })}
        />
      </CardContent>
    </IconCard>
  )
}
