import { Download, LoaderCircle } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '../../components/button.tsx'
import { HeavyWorkPlace } from '../../components/heavy-work-place.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { downloadFromApi } from './save-file.ts'

/** Why a download button is disabled offline: the file is made by the server. */
export const OFFLINE_DOWNLOAD_TITLE = 'Een internetverbinding is nodig om te downloaden'

type DownloadButtonProps = {
  url: string
  /** The name to save under when the answer names none. */
  fileName: string
  children: ReactNode
  /** The button's name for screen readers, when its text alone does not say whose file. */
  label?: string
  /** Smaller, for a button inside a table row. */
  isCompact?: boolean
  /** Called once the file is saved, with the server's answer (its headers say more). */
  onSaved?: (response: Response) => void
  /** The server makes it as heavy work: its place in the queue is shown while it waits. */
  isQueued?: boolean
}

/** A button that downloads a file the server makes; disabled offline, busy while it loads. */
export function DownloadButton(props: DownloadButtonProps) {
  const { url, fileName, children, label, isCompact = false, onSaved, isQueued = false } = props
  const isOnline = useOnlineStatus()
  const [isBusy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const response = await downloadFromApi(url, fileName)
      onSaved?.(response)
    } catch (failure) {
      showToast({
        title: 'Downloaden mislukt',
        description: describeError(failure, 'Probeer het opnieuw'),
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }
  const title = isOnline ? undefined : OFFLINE_DOWNLOAD_TITLE
  // A disabled button takes no pointer events, so the wrapper carries the title too.
  return (
    <span title={title} className="inline-block">
      <Button
        variant="outline"
        size="sm"
        className={isCompact ? 'h-8 px-2.5 font-normal text-xs' : undefined}
        disabled={!isOnline || isBusy}
        aria-label={label}
        title={title}
        aria-busy={isBusy}
        onClick={() => void download()}
      >
        {isBusy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Download aria-hidden />}
        {children}
      </Button>
      {isQueued && <HeavyWorkPlace area="sales" isPending={isBusy} />}
    </span>
  )
}
