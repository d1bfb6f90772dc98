import { type FormEvent, useState } from 'react'
import { UserCreateSchema } from '#schema/central'
import type { UserRole, UserStatus } from '#schema/roles'
import type { UserDocType } from '#schema/rx/users'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { useSave } from '../../lib/use-save.tsx'
import { getRoleChoices, STATUS_LABELS } from './user-labels.ts'

export type UserFormValues = { name: string; email: string; role: UserRole; status: UserStatus }

type UserDialogProps = {
  /** The user to edit; absent: the 'Nieuwe Gebruiker' form. */
  user?: UserDocType
  onOpenChange: (open: boolean) => void
  /** Writes the user; the dialog shows the toasts. */
  onSubmit: (values: UserFormValues) => Promise<void>
}

const FIELDS = ['name', 'email'] as const

const STATUS_CHOICES = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))

/** Add or edit a user (docs/behaviour.md): Naam, Email, Rol; Status when editing. */
export function UserDialog({ user, onOpenChange, onSubmit }: UserDialogProps) {
  const actor = useSignedInUser()
  const [values, setValues] = useState<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'USER',
    status: user?.status ?? 'active',
  })
  const set = (changes: Partial<UserFormValues>) => setValues({ ...values, ...changes })
  const { errors, isSaving, save, errorHint } = useSave(
    UserCreateSchema,
    (parsed) => onSubmit({ ...values, name: parsed.name, email: parsed.email }),
    {
      fields: FIELDS,
      savedToast: (_, parsed) =>
        user
          ? { title: 'Gebruiker bijgewerkt', description: `${parsed.name} is bijgewerkt.` }
          : { title: 'Gebruiker toegevoegd', description: `${parsed.name} is toegevoegd.` },
      failedToast: () => ({
        title: 'Fout',
        description: user
          ? 'Er is een fout opgetreden bij het bijwerken van de gebruiker'
          : 'Er is een fout opgetreden bij het toevoegen van de gebruiker',
        variant: 'destructive',
      }),
    },
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save(values)
  }

  const roleChoices = getRoleChoices(actor.role)
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={user ? 'Gebruiker Bewerken' : 'Nieuwe Gebruiker'}
      description={
        user
          ? 'Wijzig naam, rol of status.'
          : 'De gebruiker krijgt een setup-link om een wachtwoord te kiezen.'
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="Naam"
          name="name"
          autoComplete="off"
          required
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          aria-invalid={!!errors.name}
          hint={errorHint('name')}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          disabled={!!user}
          value={values.email}
          onChange={(event) => set({ email: event.target.value })}
          aria-invalid={!!errors.email}
          hint={errorHint('email') || (user && 'Het e-mailadres kan niet gewijzigd worden.')}
        />
        <SelectField
          label="Rol"
          name="role"
          value={values.role}
          onChange={(event) => set({ role: event.target.value as UserRole })}
          options={
            roleChoices.some((choice) => choice.value === values.role)
              ? roleChoices
              : [...roleChoices, { value: values.role, label: values.role }]
          }
        />
        {user && (
          <SelectField
            label="Status"
            name="status"
            value={values.status}
            onChange={(event) => set({ status: event.target.value as UserStatus })}
            options={STATUS_CHOICES}
          />
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Annuleren
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Bezig...' : user ? 'Opslaan' : 'Toevoegen'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
