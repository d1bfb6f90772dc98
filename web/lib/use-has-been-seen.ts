import { type RefObject, useEffect, useState } from 'react'

/** How far outside the screen an element counts as seen: loaded just before it scrolls in. */
const AHEAD = '400px'

/**
 * Whether the element has come near the screen once (and stays true after). A long list
 * loads what each item fetches for itself only for the items a person can reach, not all
 * of them at once. Without IntersectionObserver every element counts as seen.
 */
export function useHasBeenSeen(ref: RefObject<Element | null>): boolean {
  const [hasBeenSeen, setHasBeenSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (hasBeenSeen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setHasBeenSeen(true)
      },
      { rootMargin: AHEAD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, hasBeenSeen])
  return hasBeenSeen
}
