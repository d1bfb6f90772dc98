import { type FormEvent, useState } from 'react'
import { UserCreateSchema } from '#schema/central'
import type { UserRole, UserStatus } from '#schema/roles'
import type { UserDocType } from '#schema/rx/users'
import { Field } from '../../components/field.tsx'
import { FormDialog } from '../../components/form-dialog.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
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
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))
  const { errors, isSaving, save, errorHint, errorProps } = useSave(
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
    <FormDialog
      title={user ? 'Gebruiker Bewerken' : 'Nieuwe Gebruiker'}
      description={
        user
          ? 'Wijzig naam, rol of status.'
          : 'De gebruiker krijgt een setup-link om een wachtwoord te kiezen.'
      }
      submitLabel={user ? 'Opslaan' : 'Toevoegen'}
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <Field label="Naam" {...field('name')} autoComplete="off" required {...errorProps('name')} />
      <Field
        label="Email"
        {...field('email')}
        type="email"
        autoComplete="off"
        required
        disabled={!!user}
        aria-invalid={!!errors.email}
        hint={errorHint('email') || (user && 'Het e-mailadres kan niet gewijzigd worden.')}
      />
      <SelectField
        label="Rol"
        {...field('role')}
        options={
          roleChoices.some((choice) => choice.value === values.role)
            ? roleChoices
            : [...roleChoices, { value: values.role, label: values.role }]
        }
      />
      {user && <SelectField label="Status" {...field('status')} options={STATUS_CHOICES} />}
    </FormDialog>
  )
}
