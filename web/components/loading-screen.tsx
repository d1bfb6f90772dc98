import { LoaderCircle } from 'lucide-react'

/**
 * Full-screen 'Laden...' while the app finds out who is signed in; index.html holds the same
 * markup, painted before the app's code arrives.
 */
export function LoadingScreen() {
  return (
    <output className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span>Laden...</span>
    </output>
  )
}
