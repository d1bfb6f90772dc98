import { Link } from 'react-router-dom'
import type { ProjectDocument } from '#schema/sales'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { bindFields } from '../../lib/bind-fields.ts'
import type { SaleForm } from './sale-form.ts'

type ProjectStepProps = {
  form: SaleForm
  projects: readonly ProjectDocument[]
  /** Where projects are made, shown when there is none yet. */
  projectsPath: string
  onChange: (patch: Partial<SaleForm>) => void
}

const projectLabel = (project: ProjectDocument) =>
  project.location ? `${project.name} (${project.location})` : project.name

/**
 * Step 1, Selecteer project: the project and the property number, both required. A
 * correction keeps its project (the sold units are counted per project) and asks for the
 * sale's dates.
 */
export function ProjectStep({ form, projects, projectsPath, onChange }: ProjectStepProps) {
  const field = bindFields(form, onChange)
  const options = [
    { value: '', label: projects.length ? 'Kies een project' : 'Nog geen projecten' },
    ...projects.map((project) => ({ value: project.id, label: projectLabel(project) })),
  ]
  const fixedProject = projects.find((project) => project.id === form.projectId)
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      {form.isCorrection ? (
        <Field
          label="Project"
          name="projectId"
          readOnly
          // Read only: it looks it, whatever order the input's own classes come in.
          className="bg-muted/60! text-muted-foreground!"
          value={fixedProject ? projectLabel(fixedProject) : 'Onbekend project'}
          hint="Het project van een verkoop kan niet gewijzigd worden."
        />
      ) : (
        <SelectField label="Project *" {...field('projectId')} required options={options} />
      )}
      <Field
        label="Bouwnummer *"
        {...field('propertyNumber')}
        required
        autoComplete="off"
        placeholder="Bijv. B-12"
      />
      {form.isCorrection && (
        <>
          <Field label="Verkoopdatum *" {...field('saleDate')} type="date" required />
          <Field
            label="Opleverdatum"
            {...field('deliveryDate')}
            type="date"
            hint="Bepaalt de verwachte betaaldatum; leeg: de verkoopdatum plus de betalingstermijn."
          />
        </>
      )}
      {!form.isCorrection && projects.length === 0 && (
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
