import {
  Building2,
  ChartColumn,
  type LucideIcon,
  Plug,
  Smartphone,
  UsersRound,
  WifiOff,
} from 'lucide-react'

export type Feature = { title: string; description: string; Icon: LucideIcon }

/** The six promises of the landing page (docs/behaviour.md). */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Multi-Tenant',
    description:
      'Elke organisatie werkt in een eigen database met eigen instellingen, volledig gescheiden van de andere.',
    Icon: Building2,
  },
  {
    title: 'Offline-First',
    description:
      'Werk door zonder verbinding. Wijzigingen worden lokaal bewaard en gesynchroniseerd zodra je weer online bent.',
    Icon: WifiOff,
  },
  {
    title: 'Mobile-First',
    description:
      'Gemaakt voor je telefoon en net zo prettig op tablet en desktop. Zet Centraal als app op je startscherm.',
    Icon: Smartphone,
  },
  {
    title: 'Gebruikersbeheer',
    description:
      'Beheer gebruikers met rollen en rechten, en zie per organisatie in het activiteitenlog wie wat heeft gedaan.',
    Icon: UsersRound,
  },
  {
    title: 'App Integraties',
    description:
      'Koppel externe apps aan je organisatie. Elke app houdt een eigen database en is toch vanuit één plek bereikbaar.',
    Icon: Plug,
  },
  {
    title: 'Usage Tracking',
    description:
      'Volg per app de kosten, het aantal API-aanroepen en het databasegebruik, zodat verrassingen uitblijven.',
    Icon: ChartColumn,
  },
]
