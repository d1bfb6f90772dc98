import { Building2, Rocket } from 'lucide-react'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'

/**
 * The sales app, for SUPERADMIN only (spec §2). Its launch endpoint comes with the sales
 * area, so the button stays disabled with a note instead of pretending to launch.
 */
export function GoldEstatesCard() {
  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-4 p-5 sm:grid-cols-[auto_1fr_auto]">
      <span className="flex size-12 items-center justify-center rounded-xl bg-amber-500/15 text-amber-600 dark:text-amber-300">
        <Building2 aria-hidden className="size-6" />
      </span>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">Gold Estates</h3>
          <Badge variant="success">Actief</Badge>
          <Badge className="border-transparent bg-amber-500/20 text-amber-800 dark:text-amber-300">
            SUPERADMIN
          </Badge>
        </div>
        <p className="text-muted-foreground text-sm">
          Verkoop- en commissiebeheer voor vastgoedprojecten.
        </p>
      </div>
      <div className="col-span-2 grid gap-1 sm:col-span-1 sm:justify-items-end">
        <Button disabled aria-describedby="gold-estates-note">
          <Rocket aria-hidden />
          LAUNCH APP
        </Button>
        <p id="gold-estates-note" className="text-muted-foreground text-xs">
          Beschikbaar zodra Gold Estates is ingericht
        </p>
      </div>
    </Card>
  )
}
