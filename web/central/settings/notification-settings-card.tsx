import {
  NotificationSwitchesCard,
  type NotificationSwitchesSource,
} from '../../components/notification-switches-card.tsx'
import { api } from '../../lib/api-client.ts'

const source: NotificationSwitchesSource = {
  path: '/api/profile/notifications',
  load: async () => (await api.profile.notifications.$get()).json(),
  save: (changes) => api.profile.notifications.$patch({ json: changes }),
  savedTitle: 'Instellingen Opgeslagen',
  descriptions: {
    emailNotifications: 'Ontvang belangrijke meldingen per e-mail.',
    activityAlerts: 'Word op de hoogte gehouden van activiteiten in je organisatie.',
  },
}

/** The signed-in user's own switches (docs/behaviour.md, Instellingen → Meldingen). */
export function NotificationSettingsCard() {
  return <NotificationSwitchesCard source={source} />
}
