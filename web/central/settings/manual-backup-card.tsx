import { HardDriveDownload } from 'lucide-react'
import { Button } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'
import { NOT_YET_AVAILABLE } from './admin-tools-card.tsx'

/** Handmatige backup (spec §2 Backups); the backup endpoint comes in a later version. */
export function ManualBackupCard() {
  return (
    <Card aria-labelledby="manual-backup-title">
      <CardHeader>
        <CardTitle id="manual-backup-title" className="flex items-center gap-2">
          <HardDriveDownload aria-hidden className="size-5 text-primary" />
          Handmatige backup
        </CardTitle>
        <CardDescription>Maak nu een backup, los van het schema.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" disabled>
            Backup maken (JSON)
          </Button>
          <Button variant="outline" disabled>
            Backup maken (CSV)
          </Button>
        </div>
        <p className="text-muted-foreground text-xs">{NOT_YET_AVAILABLE}.</p>
      </CardContent>
    </Card>
  )
}
