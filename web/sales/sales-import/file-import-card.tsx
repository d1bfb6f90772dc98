import { FileUp, FolderOpen, LoaderCircle } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { MAX_UPLOAD_BYTES } from '#schema/sales-import/payloads'
import { Button, buttonClass } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { showToast } from '../../lib/toasts.ts'

type FileImportCardProps = { isImporting: boolean; onImport: (file: File) => void }

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The same import from a .csv or .xlsx file, for teams without Google Sheets. */
export function FileImportCard({ isImporting, onImport }: FileImportCardProps) {
  const [file, setFile] = useState<File | null>(null)
  const inputId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      showToast({
        title: 'Bestand vereist',
        description: 'Kies een .csv- of .xlsx-bestand.',
        variant: 'destructive',
      })
      return
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      showToast({
        title: 'Bestand te groot',
        description: 'Het bestand mag maximaal 10 MB zijn.',
        variant: 'destructive',
      })
      return
    }
    onImport(file)
  }

  return (
    <IconCard
      className="min-w-0"
      Icon={FileUp}
      iconClassName="text-sky-600"
      title="Bestand importeren"
      description={
        <>
          Geen Google? Exporteer de spreadsheet als .csv of .xlsx (maximaal 10 MB). Dezelfde
          kolommen, dezelfde controles.
        </>
      }
    >
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <span id={`${inputId}-label`} className="font-medium text-sm leading-none">
              Bestand (.csv of .xlsx)
            </span>
            {/* The native button speaks the browser's language; this one speaks Dutch. The
                input stays focusable (sr-only), and its focus ring shows on the label. */}
            <div className="flex min-w-0 items-center gap-3">
              <input
                id={inputId}
                name="file"
                type="file"
                accept={ACCEPT}
                aria-labelledby={`${inputId}-label`}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className={buttonClass(
                  'outline',
                  'md',
                  'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                )}
              >
                <FolderOpen aria-hidden />
                Bestand kiezen
              </label>
              <span className="min-w-0 truncate text-muted-foreground text-sm">
                {file ? file.name : 'Geen bestand gekozen'}
              </span>
            </div>
          </div>
          <div>
            <Button
              type="submit"
              variant="secondary"
              disabled={isImporting}
              className="w-full sm:w-auto"
            >
              {isImporting ? (
                <LoaderCircle aria-hidden className="animate-spin" />
              ) : (
                <FileUp aria-hidden />
              )}
              {isImporting ? 'Importeren...' : 'Bestand importeren'}
            </Button>
          </div>
        </form>
      </CardContent>
    </IconCard>
  )
}
