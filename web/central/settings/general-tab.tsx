import { EmailAddressCard } from '../../components/email-address-card.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { useHasPermission } from '../../lib/use-permission.ts'
import { AdminToolsCard } from './admin-tools-card.tsx'
import { NotificationSettingsCard } from './notification-settings-card.tsx'
import { OrganisationDetailsCard } from './organisation-details-card.tsx'
import { SystemInfoCard } from './system-info-card.tsx'
import { UsersLinkCard } from './users-link-card.tsx'

/**
 * Instellingen → Algemeen (docs/behaviour.md): the users link is the SUPERADMIN's; Admin Tools
 * (backup and restore) shows to whoever holds backup.run, the right the server checks.
 */
export function GeneralTab() {
  const user = useSignedInUser()
  const isSuperadmin = user.role === 'SUPERADMIN'
  const canEditOrganisation = useHasPermission('settings.write')
  const canRunBackups = useHasPermission('backup.run')
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="grid gap-6">
        <OrganisationDetailsCard canEdit={canEditOrganisation} />
        <NotificationSettingsCard />
        <EmailAddressCard />
        {isSuperadmin && <UsersLinkCard />}
      </div>
      <div className="grid gap-6">
        {canRunBackups && <AdminToolsCard />}
        <SystemInfoCard variant="summary" />
      </div>
    </div>
  )
}
