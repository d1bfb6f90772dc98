import { useSyncExternalStore } from 'react'

/** Whether a CSS media query currently matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
  )
}

/** Constants (docs/behaviour.md): below 768 px the layout is the phone layout. */
export const MOBILE_QUERY = '(max-width: 767.98px)'

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY)
}
