import { useId, useState } from 'react'
import { inputClass } from '../../components/input.tsx'
import {
  BACKUP_FORMATS,
  type BackupFormat,
  DEFAULT_BACKUP_TIME,
  DEFAULT_RETENTION_DAYS,
  RETENTION_DAYS,
} from './backup-options.ts'

/** Time, retention and formats of the automatic backup (spec §9 defaults). */
export function BackupScheduleFields() {
  const id = useId()
  const [time, setTime] = useState(DEFAULT_BACKUP_TIME)
  const [retentionDays, setRetentionDays] = useState<number>(DEFAULT_RETENTION_DAYS)
  const [formats, setFormats] = useState<readonly BackupFormat[]>(BACKUP_FORMATS)
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <label htmlFor={`${id}-time`} className="font-medium text-sm">
          Tijdstip
        </label>
        <input
          id={`${id}-time`}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          className={inputClass}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-retention`} className="font-medium text-sm">
          Bewaartermijn
        </label>
        <select
          id={`${id}-retention`}
          value={retentionDays}
          onChange={(event) => setRetentionDays(Number(event.target.value))}
          className={inputClass}
        >
          {RETENTION_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} dagen
            </option>
          ))}
        </select>
      </div>
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-2 font-medium text-sm">Formaten</legend>
        <div className="flex gap-6">
          {BACKUP_FORMATS.map((format) => (
            <label key={format} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={formats.includes(format)}
                onChange={(event) =>
                  setFormats((current) =>
                    event.target.checked
                      ? [...current, format]
                      : current.filter((other) => other !== format),
                  )
                }
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
