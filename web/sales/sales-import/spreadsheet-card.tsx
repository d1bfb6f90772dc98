import { Eye, EyeOff, FileSpreadsheet, LoaderCircle, RefreshCw } from 'lucide-react'
import { type FormEvent, Fragment, useEffect, useState } from 'react'
import { quoteSheetName } from '#schema/sales-import/a1-range'
import {
  DEFAULT_SHEET_RANGE,
  SPREADSHEET_ID_INVALID,
  SPREADSHEET_ID_REQUIRED,
  type SpreadsheetData,
  SpreadsheetIdSchema,
} from '#schema/sales-import/payloads'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { getSpreadsheetPreview } from './sales-import-api.ts'
import { SheetPreview } from './sheet-preview.tsx'
import { useSpreadsheetInfo } from './use-spreadsheet-info.ts'

type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; data: SpreadsheetData }
  | { status: 'failed'; message: string }

type SpreadsheetCardProps = {
  isConfigured: boolean
  serviceAccountEmail: string | null
  isSyncing: boolean
  onSync: (spreadsheetId: string, range: string) => void
}

/** The ID as the server takes it, or null after the documented validation toast. */
function readSpreadsheetId(text: string): string | null {
  const parsed = SpreadsheetIdSchema.safeParse(text)
  if (parsed.success) return parsed.data
  // docs/behaviour.md: one toast for an empty and a malformed ID alike.
  showToast({
    title: SPREADSHEET_ID_REQUIRED,
    description: SPREADSHEET_ID_INVALID,
    variant: 'destructive',
  })
  return null
}

/**
 * The Google Sheets form (docs/behaviour.md, Sheets import): spreadsheet ID and range, the sheet's title
 * and tabs once the ID is long enough, a preview toggle with the first 10 rows, and the
 * sync button with its pending state.
 */
export function SpreadsheetCard({
  isConfigured,
  serviceAccountEmail,
  isSyncing,
  onSync,
}: SpreadsheetCardProps) {
  const [spreadsheetId, setSpreadsheetId] = useState('')
  const [range, setRange] = useState(DEFAULT_SHEET_RANGE)
  const [isPreviewOn, setIsPreviewOn] = useState(false)
  const [preview, setPreview] = useState<PreviewState>({ status: 'loading' })
  const info = useSpreadsheetInfo(spreadsheetId, isConfigured)

  useEffect(() => {
    if (!isPreviewOn) return
    const parsed = SpreadsheetIdSchema.safeParse(spreadsheetId)
    if (!parsed.success) return
    let isCurrent = true
    setPreview({ status: 'loading' })
    getSpreadsheetPreview(parsed.data, range.trim() || DEFAULT_SHEET_RANGE).then(
      (data) => isCurrent && setPreview({ status: 'ready', data }),
      (error) =>
        isCurrent &&
        setPreview({
          status: 'failed',
          message: describeError(error, 'Het voorbeeld kon niet geladen worden.'),
        }),
    )
    return () => {
      isCurrent = false
    }
  }, [isPreviewOn, spreadsheetId, range])

  const togglePreview = () => {
    if (isPreviewOn) return setIsPreviewOn(false)
    if (readSpreadsheetId(spreadsheetId)) setIsPreviewOn(true)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = readSpreadsheetId(spreadsheetId)
    if (id) onSync(id, range.trim() || DEFAULT_SHEET_RANGE)
  }

  return (
    <IconCard
      className="min-w-0"
      Icon={FileSpreadsheet}
      iconClassName="text-emerald-600"
      title="Google Sheets"
      description={
        serviceAccountEmail ? (
          <>
            Deel de spreadsheet (lezen) met{' '}
            <span className="font-medium">{withBreaks(serviceAccountEmail)}</span>.
          </>
        ) : (
          'Importeer verkopen uit een gedeelde spreadsheet.'
        )
      }
    >
      <CardContent>
        <form onSubmit={submit} noValidate>
          <fieldset disabled={!isConfigured} className="grid min-w-0 gap-4">
            <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
              <Field
                label="Spreadsheet ID"
                name="spreadsheetId"
                value={spreadsheetId}
                onChange={(event) => setSpreadsheetId(event.target.value)}
                placeholder="1AbC… of de link van de spreadsheet"
                autoComplete="off"
                spellCheck={false}
                hint="Het deel tussen /d/ en /edit in de link; de hele link mag ook."
              />
              <Field
                label="Bereik"
                name="range"
                value={range}
                onChange={(event) => setRange(event.target.value)}
                placeholder={DEFAULT_SHEET_RANGE}
                autoComplete="off"
                spellCheck={false}
                hint="Kolom AA mag het projectlabel bevatten."
              />
            </div>
            <SpreadsheetInfoLine
              info={info}
              onPickSheet={(title) => setRange(`${quoteSheetName(title)}!A:Z`)}
            />
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button
                type="button"
                variant="outline"
                onClick={togglePreview}
                aria-pressed={isPreviewOn}
              >
                {isPreviewOn ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                {isPreviewOn ? 'Voorbeeld verbergen' : 'Voorbeeld tonen'}
              </Button>
              <Button type="submit" disabled={isSyncing}>
                {isSyncing ? (
                  <LoaderCircle aria-hidden className="animate-spin" />
                ) : (
                  <RefreshCw aria-hidden />
                )}
                {isSyncing ? 'Synchroniseren...' : 'Sync starten'}
              </Button>
            </div>
          </fieldset>
        </form>
        {isPreviewOn && (
          <div className="mt-4 min-w-0">
            {preview.status === 'loading' && (
              <p className="text-muted-foreground text-sm">Voorbeeld laden...</p>
            )}
            {preview.status === 'failed' && (
              <p role="alert" className="text-destructive text-sm">
                {preview.message}
              </p>
            )}
            {preview.status === 'ready' && <SheetPreview data={preview.data} />}
          </div>
        )}
      </CardContent>
    </IconCard>
  )
}

/** A long e-mail address that may wrap after '@' and '.', not in the middle of a word. */
function withBreaks(email: string) {
  return email.split(/(?<=[@.])/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <Fragment key={index}>
      {part}
      <wbr />
    </Fragment>
  ))
}

function SpreadsheetInfoLine(props: {
  info: ReturnType<typeof useSpreadsheetInfo>
  onPickSheet: (title: string) => void
}) {
  const { info } = props
  if (info.status === 'idle') return null
  if (info.status === 'loading') {
    return <p className="text-muted-foreground text-sm">Spreadsheet zoeken...</p>
  }
  if (info.status === 'failed') {
    return (
      <p role="alert" className="text-destructive text-sm">
        {info.message}
      </p>
    )
  }
  return (
    <div className="grid gap-2 rounded-md bg-muted/60 p-3 text-sm">
      <p>
        <span className="text-muted-foreground">Spreadsheet: </span>
        <span className="font-medium">{info.info.title}</span>
      </p>
      {info.info.sheets.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">Tabbladen:</span>
          {info.info.sheets.map((sheet) => (
            <button
              key={sheet.title}
              type="button"
              onClick={() => props.onPickSheet(sheet.title)}
              className="rounded-full border bg-card px-2.5 py-0.5 text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              title={`Bereik instellen op ${sheet.title}`}
            >
              {sheet.title}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
