import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import { useIsMobile } from '../../lib/use-media-query.ts'
import { readSidebarExpanded, writeSidebarExpanded } from './sidebar-cookie.ts'

type SidebarContextValue = {
  isMobile: boolean
  /** Desktop: full width (16rem) or icons only (3rem). */
  isExpanded: boolean
  /** Phones: whether the slide-in sheet is open. */
  isSheetOpen: boolean
  setSheetOpen: (open: boolean) => void
  /** Collapses/expands on desktop, opens/closes the sheet on phones. */
  toggleSidebar: () => void
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile()
  const [isExpanded, setIsExpanded] = useState(readSidebarExpanded)
  const [isSheetOpen, setSheetOpen] = useState(false)

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setSheetOpen((open) => !open)
      return
    }
    writeSidebarExpanded(!isExpanded)
    setIsExpanded(!isExpanded)
  }, [isMobile, isExpanded])

  // docs/behaviour.md: Ctrl+B (Cmd+B on a Mac) toggles the sidebar.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault()
        toggleSidebar()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggleSidebar])

  // Leaving the phone layout must not leave an invisible sheet open.
  useEffect(() => {
    if (!isMobile) setSheetOpen(false)
  }, [isMobile])

  return (
    <SidebarContext value={{ isMobile, isExpanded, isSheetOpen, setSheetOpen, toggleSidebar }}>
      {children}
    </SidebarContext>
  )
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext)
  if (!value) throw new Error('useSidebar needs a SidebarProvider')
  return value
}
