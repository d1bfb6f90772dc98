import { DatabaseBackup, Download, TriangleAlert, Upload } from 'lucide-react'
import { Button } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'

/** Told wherever a backup action exists before its endpoint does. */
export const NOT_YET_AVAILABLE = 'Beschikbaar in een volgende versie'

/**
 * SUPERADMIN only (spec §2): database backup download and restore from a .json file. The
 * endpoints (POST /api/admin/backup, /api/admin/restore) come in a later version, so the
 * actions are shown disabled and say so instead of pretending.
 */
export function AdminToolsCard() {
  return (
    <Card aria-labelledby="admin-tools-title">
      <CardHeader>
        <CardTitle id="admin-tools-title" className="flex items-center gap-2">
          <DatabaseBackup aria-hidden className="size-5 text-primary" />
          Admin Tools
        </CardTitle>
        <CardDescription>Download een backup van de database of zet er een terug.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">Database backup</h3>
          <p className="text-muted-foreground text-sm">
            Alle gegevens van je organisatie als bestand, met de datum in de naam.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" disabled aria-describedby="admin-tools-not-yet">
              <Download aria-hidden />
              Backup downloaden
            </Button>
          </div>
        </div>
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">Database herstellen</h3>
          <p className="text-muted-foreground text-sm">Kies een backupbestand (.json).</p>
          <div
            role="note"
            className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-amber-800 text-sm dark:text-amber-200"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>Let op: herstellen overschrijft alle huidige gegevens van je organisatie.</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" disabled aria-describedby="admin-tools-not-yet">
              <Upload aria-hidden />
              Backup terugzetten
            </Button>
          </div>
        </div>
        <p id="admin-tools-not-yet" className="text-muted-foreground text-xs">
          {NOT_YET_AVAILABLE}: backup en herstel zijn nog niet aangesloten.
        </p>
      </CardContent>
    </Card>
  )
}
