import { Moon, Sun } from 'lucide-react'
import { useTheme } from '../lib/theme.ts'
import { Button } from './button.tsx'

/**
 * Switches between light and dark; the label names what a press will do. Icon and label
 * follow the theme by CSS (the `dark` class that theme.js sets before the first paint), so
 * the same markup is right in both themes, also in the landing page built ahead (decision
 * 014).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { toggleTheme } = useTheme()
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      title="Thema wisselen"
      className={className}
    >
      <Sun aria-hidden className="hidden dark:block" />
      <Moon aria-hidden className="dark:hidden" />
      <span className="sr-only hidden dark:inline">Licht thema</span>
      <span className="sr-only dark:hidden">Donker thema</span>
    </Button>
  )
}
