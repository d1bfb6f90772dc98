import { CalendarClock } from 'lucide-react'
import { useState } from 'react'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'
import { SwitchField } from '../../components/switch.tsx'
import { DEFAULT_BACKUP_TIME, DEFAULT_RETENTION_DAYS } from './backup-options.ts'
import { BackupScheduleFields } from './backup-schedule-fields.tsx'

/**
 * Automatische backups (spec §2, §4): the switch works only with a cloud storage connection,
 * and the schedule fields appear only while it is on. No connection exists yet.
 */
export function AutoBackupCard({ isConnected = false }: { isConnected?: boolean }) {
  const [isEnabled, setIsEnabled] = useState(false)
  return (
    <Card aria-labelledby="auto-backup-title">
      <CardHeader>
        <CardTitle id="auto-backup-title" className="flex items-center gap-2">
          <CalendarClock aria-hidden className="size-5 text-primary" />
          Automatische backups
        </CardTitle>
        <CardDescription>
          Standaard dagelijks om {DEFAULT_BACKUP_TIME}, als JSON en CSV, {DEFAULT_RETENTION_DAYS}{' '}
          dagen bewaard.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SwitchField
          label="Automatische backups"
          description={
            isConnected
              ? 'Maak elke dag een backup.'
              : 'Kan pas aan met een verbinding met cloudopslag.'
          }
          checked={isEnabled}
          onCheckedChange={setIsEnabled}
          disabled={!isConnected}
        />
        {isEnabled && <BackupScheduleFields />}
      </CardContent>
    </Card>
  )
}
