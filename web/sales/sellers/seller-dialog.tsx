import { type FormEvent, useState } from 'react'
import type { SellerDocType } from '#schema/rx/sellers'
import { SellerCreateSchema } from '#schema/sales'
import { Field, NameField } from '../../components/field.tsx'
import { FormDialog } from '../../components/form-dialog.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import { recordSaveToasts } from '../../lib/toasts.ts'
import { useSave } from '../../lib/use-save.tsx'
import type { SellerFields } from '../data/team-writes.ts'
import { isNamedTeamRole, OTHER_ROLE, TEAM_ROLE_CHOICES } from './team-roles.ts'

type SellerDialogProps = {
  /** The seller to edit; absent: a new seller. */
  seller?: SellerDocType
  onOpenChange: (open: boolean) => void
  /** Writes the seller; the dialog shows the toasts. */
  onSubmit: (fields: SellerFields) => Promise<void>
}

const FIELDS = ['name', 'email', 'phone', 'role'] as const

type SellerStatus = 'active' | 'inactive'

const STATUS_CHOICES = [
  { value: 'active', label: 'Actief' },
  { value: 'inactive', label: 'Inactief' },
]

/** Add or edit a seller: name, e-mail, phone, team role (setter, ISA, closer or own text). */
export function SellerDialog({ seller, onOpenChange, onSubmit }: SellerDialogProps) {
  const storedRole = seller?.role ?? ''
  const initialStatus: SellerStatus = seller?.status === 'inactive' ? 'inactive' : 'active'
  const [values, setValues] = useState({
    name: seller?.name ?? '',
    email: seller?.email ?? '',
    phone: seller?.phone ?? '',
    roleChoice: isNamedTeamRole(storedRole) ? storedRole : OTHER_ROLE,
    otherRole: isNamedTeamRole(storedRole) ? '' : storedRole,
    status: initialStatus,
  })
  const { errors, setErrors, isSaving, save, errorHint, errorProps } = useSave(
    SellerCreateSchema,
    onSubmit,
    {
      fields: FIELDS,
      ...recordSaveToasts('Verkoper', Boolean(seller)),
    },
  )
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const role = values.roleChoice === OTHER_ROLE ? values.otherRole : values.roleChoice
    if (values.roleChoice === OTHER_ROLE && !values.otherRole.trim()) {
      setErrors({ role: 'Vul de rol in, of kies er een' })
      return
    }
    await save({
      name: values.name,
      email: values.email,
      phone: values.phone,
      role,
      status: values.status,
    })
  }

  return (
    <FormDialog
      title={seller ? 'Verkoper Bewerken' : 'Nieuwe Verkoper'}
      description={
        seller
          ? 'Wijzig de gegevens of de status van de verkoper.'
          : 'Een lid van het salesteam, te kiezen in de commissieverdeling.'
      }
      submitLabel={seller ? 'Opslaan' : 'Toevoegen'}
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <NameField {...field('name')} {...errorProps('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="E-mail"
          {...field('email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          aria-invalid={!!errors.email}
          hint={errorHint('email') ?? 'Nodig om later te kunnen inloggen.'}
        />
        <Field
          label="Telefoon"
          {...field('phone')}
          type="tel"
          autoComplete="off"
          hint={errorHint('phone')}
        />
      </div>
      <SelectField label="Teamrol" {...field('roleChoice')} options={TEAM_ROLE_CHOICES} />
      {values.roleChoice === OTHER_ROLE && (
        <Field
          label="Andere rol"
          {...field('otherRole')}
          autoComplete="off"
          placeholder="bijv. Junior closer"
          {...errorProps('role')}
        />
      )}
      {values.roleChoice !== OTHER_ROLE && errors.role && (
        <p className="text-destructive text-xs">{errors.role}</p>
      )}
      {seller && <SelectField label="Status" {...field('status')} options={STATUS_CHOICES} />}
    </FormDialog>
  )
}
