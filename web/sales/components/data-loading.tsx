import { LoaderCircle } from 'lucide-react'

/** 'Data laden...' while the local sales data is read for the first time (docs/behaviour.md). */
export function DataLoading() {
  return (
    <output className="flex items-center justify-center gap-2 py-16 text-muted-foreground text-sm">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Data laden...
    </output>
  )
}
