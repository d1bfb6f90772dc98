import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'

/** Navigates after a delay (docs/behaviour.md, Signed out: after registration and setup); cancelled when the screen goes away. */
export function useRedirectLater(): (path: string, delayMs: number) => void {
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return useCallback(
    (path: string, delayMs: number) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => navigate(path), delayMs)
    },
    [navigate],
  )
}
