import { Bell } from 'lucide-react'
import { type NotificationPreferences, NotificationPreferencesUpdateSchema } from '#schema/central'
import { Alert } from '../../components/alert.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { SwitchField } from '../../components/switch.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { useSave } from '../../lib/use-save.tsx'
import { useServerData } from '../../lib/use-server-data.ts'

const notificationsApi = api['gold-estates'].profile.notifications
const loadPreferences = async () => (await notificationsApi.$get()).json()

/**
 * The signed-in Gold Estates account's own mail switches (docs/behaviour.md, Meldingen
 * per e-mail), both on by default; saved on each change. Every notification mail links here.
 */
export function SalesNotificationCard() {
  const { state, replace, reload } = useServerData(
    '/api/gold-estates/profile/notifications',
    loadPreferences,
  )
  const preferences =
    state.status === 'ready' ? state.data : { emailNotifications: true, activityAlerts: true }

  const { save } = useSave(
    NotificationPreferencesUpdateSchema,
    async (changes) => {
      replace({ ...preferences, ...changes })
      try {
        const response = await notificationsApi.$patch({ json: changes })
        if (!isQueuedResponse(response)) replace(await response.json())
        return response
      } catch (error) {
        void reload()
        throw error
      }
    },
    {
      savedToast: (response) =>
        isQueuedResponse(response)
          ? {
              title: 'Opgeslagen op dit apparaat',
              description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
            }
          : { title: 'Meldingen opgeslagen' },
      failedToast: (error) => ({
        title: 'Opslaan mislukt',
        description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
        variant: 'destructive',
      }),
    },
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
          description="Ontvang per e-mail wanneer je verkoop ter beoordeling staat, is goedgekeurd of afgewezen, en wanneer je commissie is uitbetaald."
          checked={preferences.emailNotifications}
          disabled={state.status !== 'ready'}
          onCheckedChange={(emailNotifications) => void change({ emailNotifications })}
        />
        <SwitchField
          label="Activiteitsmeldingen"
          description="Ontvang elke ochtend een overzicht van de verkopen die op je beoordeling wachten (managers en admins)."
          checked={preferences.activityAlerts}
          disabled={state.status !== 'ready'}
          onCheckedChange={(activityAlerts) => void change({ activityAlerts })}
        />
      </CardContent>
    </IconCard>
  )
}
