import { Plus, UsersRound } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import { mayManageRole } from '#schema/roles'
import type { UserDocType } from '#schema/rx/users'
import { Button } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { LiveList } from '../../components/live-list.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { ShowMoreButton } from '../../components/show-more-button.tsx'
import { compareNames } from '../../lib/compare-names.ts'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { showToast } from '../../lib/toasts.ts'
import { useLiveQuery } from '../../lib/use-live-query.ts'
import { useMailBounces } from '../../lib/use-mail-bounces.ts'
import { useHasPermission } from '../../lib/use-permission.ts'
import { SetupLinkDialog } from './setup-link-dialog.tsx'
import type { UserAction } from './user-actions-menu.tsx'
import { UserDialog, type UserFormValues } from './user-dialog.tsx'
import { UserList } from './user-list.tsx'
import { insertUser, removeUser, updateUser } from './user-writes.ts'
import { WaitingRegistrationsCard } from './waiting-registrations-card.tsx'

const PAGE_SIZE = 100

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: UserDocType }
  | { kind: 'setup-link'; id: string; name: string }
  | null

/** /users (docs/behaviour.md): the organisation's users from the local database. */
export function UsersPage() {
  const me = useSignedInUser()
  const database = useLocalDatabase()
  const canWrite = useHasPermission('users.write')
  const [limit, setLimit] = useState(PAGE_SIZE)
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const bounces = useMailBounces(canWrite)
  // Sorted here, not by RxDB: Dutch alphabetical order ignores case ('de Vries' after 'Bakker').
  const users = useLiveQuery(
    ({ db }) =>
      liveDocs(db.users.find()).pipe(
        map((users) =>
          users.sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id)),
        ),
      ),
    [],
  )

  // Hidden, not enforced: the server refuses what a role may not do.
  const actionsFor = (user: UserDocType): UserAction[] => {
    if (!canWrite || !mayManageRole(me.role, user.role)) return []
    return user.id === me.id ? ['edit', 'setup-link'] : ['edit', 'setup-link', 'delete']
  }

  const onAction = async (action: UserAction, user: UserDocType) => {
    if (action === 'edit') setDialog({ kind: 'edit', user })
    if (action === 'setup-link') setDialog({ kind: 'setup-link', id: user.id, name: user.name })
    if (action !== 'delete' || !database) return
    if (!window.confirm(`Weet je zeker dat je ${user.name} wilt verwijderen?`)) return
    try {
      await removeUser(database, user.id)
      showToast({ title: 'Gebruiker verwijderd', description: `${user.name} is verwijderd.` })
    } catch {
      showToast({
        title: 'Fout',
        description: 'Er is een fout opgetreden bij het verwijderen van de gebruiker',
        variant: 'destructive',
      })
    }
  }

  // The dialog shows the toasts; a failed write throws into it.
  const create = async (values: UserFormValues) => {
    if (!database) throw new Error('The local database is not open')
    const id = await insertUser(database, values)
    setDialog({ kind: 'setup-link', id, name: values.name })
  }

  const edit = async (user: UserDocType, values: UserFormValues) => {
    if (!database) throw new Error('The local database is not open')
    await updateUser(database, user.id, {
      name: values.name,
      role: values.role,
      status: values.status,
    })
    setDialog(null)
  }

  return (
    <>
      <PageHeader
        title="Gebruikers"
        description="Beheer alle gebruikers in je organisatie"
        actions={
          canWrite && (
            <Button onClick={() => setDialog({ kind: 'create' })} disabled={!database}>
              <Plus aria-hidden />
              Nieuwe Gebruiker
            </Button>
          )
        }
      />
      {canWrite && (
        <div className="mb-6">
          <WaitingRegistrationsCard />
        </div>
      )}
      <LiveList
        items={users}
        failedTitle="De gebruikers konden niet gelezen worden"
        empty={<EmptyState Icon={UsersRound} title="Geen gebruikers gevonden" />}
      >
        {(all) => (
          <div className="grid grid-cols-1 gap-4">
            <UserList
              users={all.slice(0, limit)}
              actionsFor={actionsFor}
              bounces={bounces}
              onAction={(action, user) => void onAction(action, user)}
            />
            <ShowMoreButton
              hasMore={all.length > limit}
              onShowMore={() => setLimit(limit + PAGE_SIZE)}
            />
          </div>
        )}
      </LiveList>
      {dialog?.kind === 'create' && (
        <UserDialog onOpenChange={(open) => !open && setDialog(null)} onSubmit={create} />
      )}
      {dialog?.kind === 'edit' && (
        <UserDialog
          user={dialog.user}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={(values) => edit(dialog.user, values)}
        />
      )}
      {dialog?.kind === 'setup-link' && (
        <SetupLinkDialog userId={dialog.id} name={dialog.name} onClose={() => setDialog(null)} />
      )}
    </>
  )
}
