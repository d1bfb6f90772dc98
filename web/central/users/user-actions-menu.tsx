import { Link2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import type { UserDocType } from '#schema/rx/users'
import { Button } from '../../components/button.tsx'
import { DropdownMenu, DropdownMenuItem } from '../../components/dropdown-menu.tsx'

export type UserAction = 'edit' | 'setup-link' | 'delete'

type UserActionsMenuProps = {
  user: UserDocType
  actions: readonly UserAction[]
  onAction: (action: UserAction, user: UserDocType) => void
}

/** The per-row menu: Bewerken, Setup-link, Verwijderen (docs/behaviour.md). */
export function UserActionsMenu({ user, actions, onAction }: UserActionsMenuProps) {
  if (actions.length === 0) return null
  return (
    <DropdownMenu
      label={`Acties voor ${user.name}`}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Acties voor ${user.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      }
    >
      {actions.includes('edit') && (
        <DropdownMenuItem onSelect={() => onAction('edit', user)}>
          <Pencil aria-hidden />
          Bewerken
        </DropdownMenuItem>
      )}
      {actions.includes('setup-link') && (
        <DropdownMenuItem onSelect={() => onAction('setup-link', user)}>
          <Link2 aria-hidden />
          Setup-link
        </DropdownMenuItem>
      )}
      {actions.includes('delete') && (
        <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete', user)}>
          <Trash2 aria-hidden />
          Verwijderen
        </DropdownMenuItem>
      )}
    </DropdownMenu>
  )
}
