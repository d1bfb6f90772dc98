import { useEffect, useState } from 'react'
import { Alert } from '../../components/alert.tsx'
import { HeavyWorkPlace } from '../../components/heavy-work-place.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { getServerMessage } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { BackToSettings } from '../layout/back-to-settings.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { FileImportCard } from './file-import-card.tsx'
import { describeImportCounts, type ImportOutcome, ImportResult } from './import-result.tsx'
import {
  getSheetsStatus,
  type SheetsStatus,
  startSalesImport,
  uploadSalesFile,
} from './sales-import-api.ts'
import { SpreadsheetCard } from './spreadsheet-card.tsx'

/** docs/behaviour.md: the generic sync failure text, in the toast and the alert. */
const SYNC_FAILED_TEXT = 'Er is een fout opgetreden bij het synchroniseren van de data.'

/**
 * {base}/sheets-sync (docs/behaviour.md): import sales from Google Sheets, or from a .csv/.xlsx file.
 * Only a sales ADMIN or MANAGER may import (the server checks too). New sales, projects and
 * sellers reach every screen through replication once the server has written them.
 */
export function SalesImportPage() {
  const canImport = hasSalesPermission(useSalesUser(), 'sales.import')
  return (
    <>
      <BackToSettings />
      <PageHeader
        title="Google Sheets sync"
        description="Verkopen, projecten en verkopers importeren uit een spreadsheet"
      />
      <div className="grid min-w-0 max-w-5xl gap-6">
        {canImport ? (
          <SheetsImport />
        ) : (
          <Alert title="Geen toegang">Alleen een admin of manager kan verkopen importeren.</Alert>
        )}
      </div>
    </>
  )
}

function SheetsImport() {
  const [status, setStatus] = useState<SheetsStatus | null>(null)
  const [busy, setBusy] = useState<'sync' | 'upload' | null>(null)
  // Shown under the card that started it, so it appears where the person is looking.
  const [outcome, setOutcome] = useState<{
    source: 'sync' | 'upload'
    outcome: ImportOutcome
  } | null>(null)

  useEffect(() => {
    getSheetsStatus().then(setStatus, () =>
      setStatus({ googleSheets: 'off', serviceAccountEmail: null }),
    )
  }, [])

  const sync = async (spreadsheetId: string, range: string) => {
    setBusy('sync')
    setOutcome(null)
    try {
      const result = await startSalesImport(spreadsheetId, range)
      if ('queued' in result) {
        showToast({
          title: 'Sync in de wachtrij',
          description: 'Je bent offline. De sync start zodra je weer online bent.',
        })
        return
      }
      showToast({ title: 'Sync voltooid', description: describeImportCounts(result) })
      setOutcome({ source: 'sync', outcome: { status: 'done', title: 'Sync voltooid', result } })
    } catch (error) {
      const message = getServerMessage(error)
      showToast({
        title: 'Sync mislukt',
        description: message ?? SYNC_FAILED_TEXT,
        variant: 'destructive',
      })
      setOutcome({
        source: 'sync',
        outcome: {
          status: 'failed',
          title: 'Sync mislukt',
          text: SYNC_FAILED_TEXT,
          detail: message,
        },
      })
    } finally {
      setBusy(null)
    }
  }

  const upload = async (file: File) => {
    setBusy('upload')
    setOutcome(null)
    try {
      const result = await uploadSalesFile(file)
      showToast({ title: 'Import voltooid', description: describeImportCounts(result) })
      setOutcome({
        source: 'upload',
        outcome: { status: 'done', title: `Import van ${file.name} voltooid`, result },
      })
    } catch (error) {
      const message = getServerMessage(error)
      const text = 'Het bestand kon niet geïmporteerd worden.'
      showToast({ title: 'Import mislukt', description: message ?? text, variant: 'destructive' })
      setOutcome({
        source: 'upload',
        outcome: { status: 'failed', title: 'Import mislukt', text, detail: message },
      })
    } finally {
      setBusy(null)
    }
  }

  const isConfigured = status?.googleSheets === 'ready'
  return (
    <>
      {status && !isConfigured && (
        <Alert title="Google Sheets is niet geconfigureerd">
          {status.googleSheets === 'broken'
            ? 'De Google-instellingen van de server kloppen niet (GOOGLE_SERVICE_ACCOUNT_JSON). '
            : 'De server heeft geen Google service-account (GOOGLE_SERVICE_ACCOUNT_JSON). '}
          Je kunt wel verkopen importeren uit een .csv- of .xlsx-bestand.
        </Alert>
      )}
      <SpreadsheetCard
        isConfigured={isConfigured}
        serviceAccountEmail={status?.serviceAccountEmail ?? null}
        isSyncing={busy === 'sync'}
        onSync={sync}
      />
      <HeavyWorkPlace area="sales" isPending={busy === 'sync'} />
      {outcome?.source === 'sync' && <ImportResult outcome={outcome.outcome} />}
      <FileImportCard isImporting={busy === 'upload'} onImport={upload} />
      <HeavyWorkPlace area="sales" isPending={busy === 'upload'} />
      {outcome?.source === 'upload' && <ImportResult outcome={outcome.outcome} />}
    </>
  )
}
