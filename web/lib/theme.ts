import { useCallback, useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

/** localStorage key; also read by the inline script in index.html before first paint. */
export const THEME_STORAGE_KEY = 'theme'

/** Browser chrome colour per theme, matching --background; index.html uses the same values. */
const THEME_COLORS: Record<Theme, string> = { dark: '#0b1120', light: '#f8f9fb' }

const listeners = new Set<() => void>()

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

/** Applies and remembers a theme (docs/behaviour.md, The shell: light or dark, dark at first). */
export function setTheme(theme: Theme) {
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme])
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private mode or full storage: the theme still applies for this page.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The active theme and a toggle. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  // Built ahead of time (the landing page, decision 014) the theme is the default one.
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'dark' as const)
  const toggleTheme = useCallback(() => setTheme(readTheme() === 'dark' ? 'light' : 'dark'), [])
  return { theme, toggleTheme }
}
