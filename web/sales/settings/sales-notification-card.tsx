import {
  NotificationSwitchesCard,
  type NotificationSwitchesSource,
} from '../../components/notification-switches-card.tsx'
import { api } from '../../lib/api-client.ts'

const notificationsApi = api['gold-estates'].profile.notifications

const source: NotificationSwitchesSource = {
  path: '/api/gold-estates/profile/notifications',
  load: async () => (await notificationsApi.$get()).json(),
  save: (changes) => notificationsApi.$patch({ json: changes }),
  savedTitle: 'Meldingen opgeslagen',
  descriptions: {
    emailNotifications:
      'Ontvang per e-mail wanneer je verkoop ter beoordeling staat, is goedgekeurd of afgewezen, en wanneer je commissie is uitbetaald.',
    activityAlerts:
      'Ontvang elke ochtend een overzicht van de verkopen die op je beoordeling wachten (managers en admins).',
  },
}

/**
 * The signed-in Gold Estates account's own mail switches (docs/behaviour.md, Meldingen per
 * e-mail). Every notification mail links here.
 */
export function SalesNotificationCard() {
  return <NotificationSwitchesCard source={source} />
}
