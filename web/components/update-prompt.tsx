import { Sparkles } from 'lucide-react'
import { activateWaitingVersion, useUpdateWaiting } from '../lib/service-worker.ts'
import { Button } from './button.tsx'

/** Shown when a new version of the app is installed and waits (docs/behaviour.md, The shell). */
export function UpdatePrompt() {
  const isUpdateWaiting = useUpdateWaiting()
  if (!isUpdateWaiting) return null
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[90] mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-card p-3 pl-4 text-card-foreground text-sm shadow-lg md:bottom-4"
    >
      <Sparkles aria-hidden className="size-4 shrink-0 text-primary" />
      <p className="min-w-0 flex-1">Er is een nieuwe versie beschikbaar</p>
      <Button size="sm" onClick={activateWaitingVersion}>
        Vernieuwen
      </Button>
    </div>
  )
}
