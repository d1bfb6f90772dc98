import { Moon, Sun } from 'lucide-react'
import { useTheme } from '../lib/theme.ts'
import { Button } from './button.tsx'

/** Switches between light and dark; the label names what a press will do. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme()
  const label = theme === 'dark' ? 'Licht thema' : 'Donker thema'
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={className}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  )
}
