import {
  Building,
  ChevronRight,
  FileSpreadsheet,
  Layers,
  type LucideIcon,
  PlusCircle,
  UsersRound,
} from 'lucide-react'
import { Link } from 'react-router-dom'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'

type SettingsLink = { path: string; label: string; description: string; Icon: LucideIcon }

const LINKS: readonly SettingsLink[] = [
  {
    path: '/sales/new',
    label: 'Nieuwe verkoop',
    description: 'Registreer een verkoop met de commissieverdeling',
    Icon: PlusCircle,
  },
  {
    path: '/projects',
    label: 'Projecten',
    description: 'Projecten, units en labels',
    Icon: Building,
  },
  {
    path: '/sellers',
    label: 'Verkopers',
    description: 'Het salesteam en wie kan inloggen',
    Icon: UsersRound,
  },
  {
    path: '/sheets-sync',
    label: 'Google Sheets sync',
    description: 'Verkopen importeren uit een spreadsheet',
    Icon: FileSpreadsheet,
  },
]

const PLANS_LINK: SettingsLink = {
  path: '/settings/commission-plans',
  label: 'Commissieplannen',
  description: 'Aandelen per rol, treden en plafonds',
  Icon: Layers,
}

/**
 * The settings' ways to the other management screens (docs/behaviour.md, Gold Estates:
 * Settings): the plans for the sales ADMIN, one's own plan and position for a seller.
 */
export function SettingsLinks() {
  const user = useSalesUser()
  const links = hasSalesPermission(user, 'sales.settings.write')
    ? [...LINKS, PLANS_LINK]
    : user.sellerId
      ? [
          ...LINKS,
          {
            path: `/sellers/${user.sellerId}`,
            label: 'Mijn commissieplan',
            description: 'Je plan, je volume en je trede',
            Icon: Layers,
          },
        ]
      : LINKS
  return (
    <Card aria-labelledby="settings-links-title">
      <CardHeader>
        <CardTitle id="settings-links-title">Beheer</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {links.map(({ path, label, description, Icon }) => (
          <Link
            key={path}
            to={salesPath(path)}
            className="group flex items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-amber-500/15 text-amber-700 dark:text-amber-300">
              <Icon aria-hidden className="size-4" />
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-medium text-sm">{label}</span>
              <span className="text-muted-foreground text-xs">{description}</span>
            </span>
            <ChevronRight
              aria-hidden
              className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
            />
          </Link>
        ))}
      </CardContent>
    </Card>
  )
}
