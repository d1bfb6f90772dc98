import { PageHeader } from '../../components/page-header.tsx'
import { SystemInfoCard } from './system-info-card.tsx'

/** /settings (spec §2); the tabs Algemeen, Backups and Systeem follow. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Instellingen" description="Je organisatie en de systeeminformatie" />
      <SystemInfoCard />
    </>
  )
}
