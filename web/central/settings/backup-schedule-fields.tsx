import { useId } from 'react'
import { inputClass } from '../../components/input.tsx'
import { BACKUP_FORMATS, type BackupFormat, RETENTION_DAYS } from './backup-options.ts'

/** The schedule as the form holds it. */
export type BackupSchedule = {
  time: string
  retentionDays: number
  formats: readonly BackupFormat[]
}

type BackupScheduleFieldsProps = {
  value: BackupSchedule
  onChange: (value: BackupSchedule) => void
  disabled?: boolean
}

/** Time, retention and formats of the automatic backup (docs/behaviour.md, Constants and Validation rules and messages: Backup settings). */
export function BackupScheduleFields({ value, onChange, disabled }: BackupScheduleFieldsProps) {
  const id = useId()
  const toggleFormat = (format: BackupFormat, isChosen: boolean) =>
    onChange({
      ...value,
      // Kept in the order of BACKUP_FORMATS, whatever order they were ticked in.
      formats: BACKUP_FORMATS.filter((other) =>
        other === format ? isChosen : value.formats.includes(other),
      ),
    })
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <label htmlFor={`${id}-time`} className="font-medium text-sm">
          Tijdstip
        </label>
        <input
          id={`${id}-time`}
          type="time"
          required
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.target.value })}
          disabled={disabled}
          aria-describedby={`${id}-time-hint`}
          className={inputClass}
        />
        <p id={`${id}-time-hint`} className="text-muted-foreground text-xs">
          Dagelijks, in de tijdzone van de server.
        </p>
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-retention`} className="font-medium text-sm">
          Bewaartermijn
        </label>
        <select
          id={`${id}-retention`}
          value={value.retentionDays}
          onChange={(event) => onChange({ ...value, retentionDays: Number(event.target.value) })}
          disabled={disabled}
          className={inputClass}
        >
          {RETENTION_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} dagen
            </option>
          ))}
        </select>
      </div>
      <fieldset className="grid gap-2 sm:col-span-2" disabled={disabled}>
        <legend className="mb-2 font-medium text-sm">Formaten</legend>
        <div className="flex gap-6">
          {BACKUP_FORMATS.map((format) => (
            <label key={format} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.formats.includes(format)}
                onChange={(event) => toggleFormat(format, event.target.checked)}
                className="size-4 accent-primary"
              />
              {format.toUpperCase()}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
