import { Alert } from '../../components/alert.tsx'
import { AutoBackupCard } from './auto-backup-card.tsx'
import { DRIVE_NOT_CONFIGURED } from './backup-options.ts'
import { CloudStorageCard } from './cloud-storage-card.tsx'
import { ManualBackupCard } from './manual-backup-card.tsx'

/** Instellingen → Backups (spec §2): storage connection, automatic and manual backups. */
export function BackupsTab() {
  return (
    <div className="grid gap-6">
      <Alert title={DRIVE_NOT_CONFIGURED}>
        Backups naar de cloud komen in een volgende versie. Tot dan maakt de beheerder van de server
        backups van de databasebestanden.
      </Alert>
      <CloudStorageCard />
      <AutoBackupCard />
      <ManualBackupCard />
    </div>
  )
}
