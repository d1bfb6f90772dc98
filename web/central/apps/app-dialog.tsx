import { type FormEvent, useId, useState } from 'react'
import { AppConnectionCreateSchema } from '#schema/central'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { Field, FieldLabel, NameField } from '../../components/field.tsx'
import { FormDialog } from '../../components/form-dialog.tsx'
import { inputClass } from '../../components/input.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import { cn } from '../../lib/class-names.ts'
import { recordSaveToasts } from '../../lib/toasts.ts'
import { useSave } from '../../lib/use-save.tsx'
import type { AppFields } from './app-writes.ts'

type AppDialogProps = {
  /** The app to edit; absent: 'Nieuwe App Toevoegen'. */
  app?: AppConnectionDocType
  onOpenChange: (open: boolean) => void
  /** Writes the app; the dialog shows the toasts. */
  onSubmit: (fields: AppFields) => Promise<void>
}

const FIELDS = ['name', 'url'] as const

/** Add or edit a connected app (docs/behaviour.md): Naam *, URL *, Beschrijving. */
export function AppDialog({ app, onOpenChange, onSubmit }: AppDialogProps) {
  const descriptionId = useId()
  const [values, setValues] = useState({
    name: app?.name ?? '',
    url: app?.url ?? '',
    description: app?.description ?? '',
  })
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))
  // Only the form's fields: the schema's default status would overwrite an app's own.
  const onSave = ({ name, url, description }: AppFields) => onSubmit({ name, url, description })
  const { isSaving, save, errorProps } = useSave(AppConnectionCreateSchema, onSave, {
    fields: FIELDS,
    ...recordSaveToasts('App', Boolean(app)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save(values)
  }

  return (
    <FormDialog
      title={app ? 'App Bewerken' : 'Nieuwe App Toevoegen'}
      description="Koppel een externe app met zijn eigen database."
      submitLabel={app ? 'Opslaan' : 'Toevoegen'}
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <NameField {...field('name')} {...errorProps('name')} />
      <Field
        label="URL *"
        {...field('url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        required
        {...errorProps('url')}
      />
      <div className="grid gap-2">
        <FieldLabel htmlFor={descriptionId}>Beschrijving</FieldLabel>
        <textarea
          id={descriptionId}
          {...field('description')}
          rows={3}
          className={cn(inputClass, 'h-auto resize-y py-2')}
        />
      </div>
    </FormDialog>
  )
}
