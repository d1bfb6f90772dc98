import { CalendarClock } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { BackupSettings } from '#schema/backup-settings'
import { CardContent, IconCard } from '../../components/card.tsx'
import { SwitchField } from '../../components/switch.tsx'
import { formatDateTime } from '../../lib/format-date.ts'
import {
  DEFAULT_BACKUP_TIME,
  DEFAULT_RETENTION_DAYS,
  parseBackupFormats,
  toDailyCron,
  toDailyTime,
} from './backup-options.ts'
import { type BackupSchedule, BackupScheduleFields } from './backup-schedule-fields.tsx'
import { SaveRow } from './save-row.tsx'
import { useSaveBackupSettings } from './use-save-backup-settings.ts'

type AutoBackupCardProps = {
  settings: BackupSettings
  canManage: boolean
  onSaved: (settings: BackupSettings) => void
}

/**
 * Automatische backups (docs/behaviour.md): the switch works only with a Drive connection, and the
 * schedule fields appear only while it is on. Opslaan sends all of it at once.
 */
export function AutoBackupCard({ settings, canManage, onSaved }: AutoBackupCardProps) {
  const isConnected = settings.googleDriveEnabled
  const [isEnabled, setIsEnabled] = useState(settings.autoBackupEnabled)
  const [schedule, setSchedule] = useState<BackupSchedule>({
    time: toDailyTime(settings.backupSchedule),
    retentionDays: settings.retentionDays,
    formats: parseBackupFormats(settings.backupFormats),
  })
  const { problem, isSaving, save } = useSaveBackupSettings(settings, onSaved)

  function submit(event: FormEvent) {
    event.preventDefault()
    void save({
      autoBackupEnabled: isEnabled,
      ...(isEnabled && {
        backupSchedule: toDailyCron(schedule.time),
        retentionDays: schedule.retentionDays,
        backupFormats: schedule.formats.join(','),
      }),
    })
  }

  return (
    <IconCard
      Icon={CalendarClock}
      title="Automatische backups"
      description={
        <>
          Standaard dagelijks om {DEFAULT_BACKUP_TIME}, als JSON en CSV, {DEFAULT_RETENTION_DAYS}{' '}
          dagen bewaard.
        </>
      }
    >
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <SwitchField
            label="Automatische backups"
            description={
              isConnected
                ? 'Maak elke dag een backup naar Google Drive.'
                : 'Kan pas aan met een verbinding met cloudopslag.'
            }
            checked={isEnabled}
            onCheckedChange={setIsEnabled}
            disabled={!isConnected || !canManage}
          />
          {isEnabled && (
            <BackupScheduleFields value={schedule} onChange={setSchedule} disabled={!canManage} />
          )}
          {settings.autoBackupEnabled && settings.nextBackupAt !== null && (
            <p className="text-muted-foreground text-sm">
              Volgende backup: {formatDateTime(settings.nextBackupAt)}
            </p>
          )}
          <SaveRow problem={problem} isSaving={isSaving} canSave={isConnected && canManage} />
        </form>
      </CardContent>
    </IconCard>
  )
}
