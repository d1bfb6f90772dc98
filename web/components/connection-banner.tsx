import { CloudOff, RefreshCw } from 'lucide-react'
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { cn } from '../lib/class-names.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'

/** Constants (docs/behaviour.md): the online banner disappears after 3 seconds. */
export const ONLINE_BANNER_MS = 3000

/** CSS variable with the banner's height, so sticky headers and sidebars sit under it. */
const HEIGHT_VARIABLE = '--banner-height'

/**
 * The offline and online banners at the top (docs/behaviour.md, The shell). The status region
 * is always in the page so that screen readers announce each change.
 */
export function ConnectionBanner() {
  const isOnline = useOnlineStatus()
  const isBackOnline = useBackOnline(isOnline)
  const ref = useRef<HTMLDivElement>(null)
  usePublishedHeight(ref)

  return (
    <div ref={ref} role="status" className="sticky top-0 z-40">
      {!isOnline && (
        <p className="flex items-center justify-center gap-2 bg-amber-400 px-3 py-2 text-center font-medium text-amber-950 text-xs sm:text-sm">
          <CloudOff aria-hidden className="size-4 shrink-0" />
          Je bent offline - wijzigingen worden lokaal opgeslagen
        </p>
      )}
      {isOnline && isBackOnline && (
        <p
          className={cn(
            'flex items-center justify-center gap-2 px-3 py-2 text-center font-medium text-xs sm:text-sm',
            'bg-emerald-600 text-white',
          )}
        >
          <RefreshCw aria-hidden className="size-4 shrink-0" />
          Je bent weer online - wijzigingen worden gesynchroniseerd
        </p>
      )}
    </div>
  )
}

/** True for ONLINE_BANNER_MS after the connection returns. */
function useBackOnline(isOnline: boolean): boolean {
  const [isBackOnline, setIsBackOnline] = useState(false)
  const wasOffline = useRef(!isOnline)
  useEffect(() => {
    if (!isOnline) {
      wasOffline.current = true
      setIsBackOnline(false)
      return
    }
    if (!wasOffline.current) return
    wasOffline.current = false
    setIsBackOnline(true)
    const timer = setTimeout(() => setIsBackOnline(false), ONLINE_BANNER_MS)
    return () => clearTimeout(timer)
  }, [isOnline])
  return isBackOnline
}

/**
 * Keeps --banner-height on <html> equal to the banner's height (0 when hidden). Read from
 * the observer's own measurement, after the browser's layout: reading offsetHeight while
 * React commits would force a layout of the whole page inside that task.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    let published: number | undefined
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0
      if (height === published) return
      published = height
      root.style.setProperty(HEIGHT_VARIABLE, `${height}px`)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEIGHT_VARIABLE)
    }
  }, [ref])
}
