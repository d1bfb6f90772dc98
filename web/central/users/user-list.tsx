import type { MailBounce } from '#schema/mail'
import { ROLE_LABELS } from '#schema/roles'
import type { UserDocType } from '#schema/rx/users'
import { BounceMarker } from '../../components/bounce-marker.tsx'
import { Card } from '../../components/card.tsx'
import { formatMoment } from '../../lib/format-date.ts'
import { useIsMobile } from '../../lib/use-media-query.ts'
import { type UserAction, UserActionsMenu } from './user-actions-menu.tsx'
import { UserStatusBadge } from './user-status-badge.tsx'

type UserListProps = {
  users: readonly UserDocType[]
  actionsFor: (user: UserDocType) => readonly UserAction[]
  onAction: (action: UserAction, user: UserDocType) => void
  /** Users whose address a mail server refused for good, by id. */
  bounces: Record<string, MailBounce>
}

function lastActive(user: UserDocType, now: number) {
  return user.lastActive ? formatMoment(user.lastActive, now) : 'Nooit'
}

/** The users as a table (docs/behaviour.md, Gebruikers), or as cards on a phone. */
export function UserList(props: UserListProps) {
  return useIsMobile() ? <UserCards {...props} /> : <UserTable {...props} />
}

function UserTable({ users, actionsFor, onAction, bounces }: UserListProps) {
  const now = Date.now()
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">Naam</th>
            <th className="px-4 py-3 font-medium">Email</th>
            <th className="px-4 py-3 font-medium">Rol</th>
            <th className="px-4 py-3 font-medium">Status</th>
            <th className="px-4 py-3 font-medium">Laatst Actief</th>
            <th className="w-14 px-2 py-3">
              <span className="sr-only">Acties</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-muted/40">
              <td className="px-4 py-2.5 font-medium">{user.name}</td>
              <td className="max-w-80 px-4 py-2.5 text-muted-foreground">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 truncate">{user.email}</span>
                  {bounces[user.id] && <BounceMarker reason={bounces[user.id]?.reason ?? ''} />}
                </div>
              </td>
              <td className="px-4 py-2.5">{ROLE_LABELS[user.role] ?? user.role}</td>
              <td className="px-4 py-2.5">
                <UserStatusBadge status={user.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-2.5 text-muted-foreground">
                {lastActive(user, now)}
              </td>
              <td className="px-2 py-1.5 text-right">
                <UserActionsMenu user={user} actions={actionsFor(user)} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function UserCards({ users, actionsFor, onAction, bounces }: UserListProps) {
  const now = Date.now()
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Gebruikers">
      {users.map((user) => (
        <li key={user.id}>
          <Card className="flex items-start gap-3 p-4">
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="truncate font-medium">{user.name}</p>
              <p className="truncate text-muted-foreground text-sm">{user.email}</p>
              {bounces[user.id] && (
                <div>
                  <BounceMarker reason={bounces[user.id]?.reason ?? ''} />
                </div>
              )}
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                <UserStatusBadge status={user.status} />
                <span className="rounded-full border px-2 py-0.5">
                  {ROLE_LABELS[user.role] ?? user.role}
                </span>
                <span className="text-muted-foreground">
                  Laatst actief: {lastActive(user, now)}
                </span>
              </div>
            </div>
            <UserActionsMenu user={user} actions={actionsFor(user)} onAction={onAction} />
          </Card>
        </li>
      ))}
    </ul>
  )
}
