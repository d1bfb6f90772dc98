import { MoreHorizontal, Pencil, Power, PowerOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/button.tsx'
import { DropdownMenu, DropdownMenuItem } from '../../components/dropdown-menu.tsx'

type CatalogCardMenuProps = {
  /** The project's or seller's name, in the menu's label. */
  name: string
  isActive: boolean
  onEdit: () => void
  onToggleActive: () => void
  /** Items between Bewerken and (De)activeren. */
  children?: ReactNode
}

/** The actions menu of a project or seller card: Bewerken, …, Deactiveren or Activeren. */
export function CatalogCardMenu({
  name,
  isActive,
  onEdit,
  onToggleActive,
  children,
}: CatalogCardMenuProps) {
  return (
    <DropdownMenu
      label={`Acties voor ${name}`}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="-mt-2 -mr-2"
          aria-label={`Acties voor ${name}`}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      }
    >
      <DropdownMenuItem onSelect={onEdit}>
        <Pencil aria-hidden />
        Bewerken
      </DropdownMenuItem>
      {children}
      <DropdownMenuItem variant={isActive ? 'destructive' : 'default'} onSelect={onToggleActive}>
        {isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
        {isActive ? 'Deactiveren' : 'Activeren'}
      </DropdownMenuItem>
    </DropdownMenu>
  )
}
