import { type FormEvent, useState } from 'react'
import type { ProjectDocType } from '#schema/rx/projects'
import { ProjectCreateSchema } from '#schema/sales'
import { Field, NameField } from '../../components/field.tsx'
import { FormDialog } from '../../components/form-dialog.tsx'
import { TextareaField } from '../../components/textarea-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import { recordSaveToasts } from '../../lib/toasts.ts'
import { useSave } from '../../lib/use-save.tsx'
import type { ProjectFields } from '../data/team-writes.ts'

type ProjectDialogProps = {
  /** The project to edit; absent: a new project. */
  project?: ProjectDocType
  onOpenChange: (open: boolean) => void
  /** Writes the project; the dialog shows the toasts. */
  onSubmit: (fields: ProjectFields) => Promise<void>
}

const FIELDS = ['name', 'location', 'type', 'label', 'totalUnits', 'description'] as const
type FieldName = (typeof FIELDS)[number]

/** The optional words that describe a project, each a free text with an example. */
const DESCRIBING_FIELDS = [
  { name: 'location', label: 'Locatie', placeholder: 'Rotterdam' },
  { name: 'type', label: 'Type', placeholder: 'Appartementen' },
  { name: 'label', label: 'Label', placeholder: 'Nieuwbouw' },
] as const

const UNITS_MESSAGE = 'Voer een heel getal van 0 of meer in'

/** Add or edit a project: name, location, type, label, total units, description. */
export function ProjectDialog({ project, onOpenChange, onSubmit }: ProjectDialogProps) {
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: project?.name ?? '',
    location: project?.location ?? '',
    type: project?.type ?? '',
    label: project?.label ?? '',
    totalUnits: project?.totalUnits == null ? '' : String(project.totalUnits),
    description: project?.description ?? '',
  })
  const { setErrors, isSaving, save, errorHint, errorProps } = useSave(
    ProjectCreateSchema,
    onSubmit,
    {
      fields: FIELDS,
      ...recordSaveToasts('Project', Boolean(project)),
    },
  )
  const field = bindFields(values, (changes) => setValues({ ...values, ...changes }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const units = values.totalUnits.trim()
    const totalUnits = units === '' ? null : Number(units)
    if (totalUnits !== null && !(Number.isInteger(totalUnits) && totalUnits >= 0)) {
      setErrors({ totalUnits: UNITS_MESSAGE })
      return
    }
    await save({
      ...values,
      totalUnits,
      status: project?.status === 'inactive' ? 'inactive' : 'active',
    })
  }

  return (
    <FormDialog
      title={project ? 'Project Bewerken' : 'Nieuw Project'}
      description={
        project
          ? 'Wijzig de gegevens van het project.'
          : 'Een project groepeert de verkochte units.'
      }
      submitLabel={project ? 'Opslaan' : 'Toevoegen'}
      isSaving={isSaving}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <NameField {...field('name')} {...errorProps('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {DESCRIBING_FIELDS.map(({ name, label, placeholder }) => (
          <Field
            key={name}
            label={label}
            {...field(name)}
            autoComplete="off"
            placeholder={placeholder}
            hint={errorHint(name)}
          />
        ))}
        <Field
          label="Totaal aantal units"
          {...field('totalUnits')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...errorProps('totalUnits')}
        />
      </div>
      <TextareaField
        label="Beschrijving"
        {...field('description')}
        rows={3}
        hint={errorHint('description')}
      />
    </FormDialog>
  )
}
