import { Link } from 'react-router-dom'
import type { ProjectDocument } from '#schema/sales'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import type { SaleForm } from './sale-form.ts'

type ProjectStepProps = {
  form: SaleForm
  projects: readonly ProjectDocument[]
  /** Where projects are made, shown when there is none yet. */
  projectsPath: string
  onChange: (patch: Partial<SaleForm>) => void
}

/** Step 1, Selecteer project: the project and the property number, both required. */
export function ProjectStep({ form, projects, projectsPath, onChange }: ProjectStepProps) {
  const options = [
    { value: '', label: projects.length ? 'Kies een project' : 'Nog geen projecten' },
    ...projects.map((project) => ({
      value: project.id,
      label: project.location ? `${project.name} (${project.location})` : project.name,
    })),
  ]
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Project *"
        name="projectId"
        required
        value={form.projectId}
        options={options}
        onChange={(event) => onChange({ projectId: event.target.value })}
      />
      <Field
        label="Bouwnummer *"
        name="propertyNumber"
        required
        autoComplete="off"
        placeholder="Bijv. B-12"
        value={form.propertyNumber}
        onChange={(event) => onChange({ propertyNumber: event.target.value })}
      />
      {projects.length === 0 && (
        <p className="text-muted-foreground text-sm sm:col-span-2">
          Er is nog geen actief project.{' '}
          <Link
            to={projectsPath}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Maak eerst een project aan
          </Link>
          .
        </p>
      )}
    </div>
  )
}
