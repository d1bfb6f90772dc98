import { FileSpreadsheet } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { buttonClass } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { BackToSettings } from '../layout/back-to-settings.tsx'

/**
 * {base}/sheets-sync. The Google Sheets import is a later issue; until it exists this page
 * says so plainly instead of offering a form that cannot do anything.
 */
export function SheetsSyncPage() {
  return (
    <>
      <BackToSettings />
      <PageHeader
        title="Google Sheets sync"
        description="Verkopen, projecten en verkopers importeren uit een spreadsheet"
      />
      <div className="grid max-w-2xl gap-6">
        <Alert title="Nog niet ingericht">
          De import uit Google Sheets is nog niet geconfigureerd voor Gold Estates. Er wordt niets
          geïmporteerd of verstuurd vanaf deze pagina.
        </Alert>
        <Card aria-labelledby="sheets-how-title">
          <CardHeader>
            <CardTitle id="sheets-how-title" className="flex items-center gap-2">
              <FileSpreadsheet aria-hidden className="size-5 text-emerald-600" />
              Wat de import straks doet
            </CardTitle>
            <CardDescription>
              Eén rij per verkoop, met kolommen in het Nederlands of Engels.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="text-muted-foreground">
              De import leest klantnaam, projectnaam, projectlabel (kolom AA), verkoopdatum,
              opleverdatum, verkoopprijs, commissie %, verkoper en bouwnummer uit het bereik
              Sheet1!A:Z, en maakt ontbrekende projecten en verkopers aan.
            </p>
            <p className="text-muted-foreground">
              Tot die tijd registreer je verkopen met de wizard.
            </p>
            <div>
              <Link to={salesPath('/sales/new')} className={buttonClass('primary')}>
                Nieuwe verkoop
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  )
}
