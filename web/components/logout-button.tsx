import { LogOut } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Button } from './button.tsx'

/** The header's Uitloggen: the word from 640 px, only the icon on phones. */
export function LogoutButton({
  isLoggingOut,
  ...props
}: ComponentProps<typeof Button> & { isLoggingOut: boolean }) {
  return (
    <Button variant="ghost" disabled={isLoggingOut} aria-label="Uitloggen" {...props}>
      <LogOut aria-hidden />
      <span className="hidden sm:inline">{isLoggingOut ? 'Uitloggen...' : 'Uitloggen'}</span>
    </Button>
  )
}
