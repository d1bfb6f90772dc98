import { Cloud, Link2 } from 'lucide-react'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'

/**
 * The connection to Google Drive (spec §2 Backups). The connect endpoints come in a later
 * version, so the card shows the state honestly: not connected, and why it cannot be yet.
 */
export function CloudStorageCard() {
  return (
    <Card aria-labelledby="cloud-storage-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="cloud-storage-title" className="flex items-center gap-2">
            <Cloud aria-hidden className="size-5 text-primary" />
            Cloudopslag
          </CardTitle>
          <Badge variant="secondary">Niet verbonden</Badge>
        </div>
        <CardDescription>
          Bewaar backups in een map in Google Drive, buiten deze server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
          Een beheerder van de server stelt de Google-koppeling in; daarna kun je hier verbinden.
        </p>
        <div>
          <Button variant="outline" disabled>
            <Link2 aria-hidden />
            Verbinden met Google Drive
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
