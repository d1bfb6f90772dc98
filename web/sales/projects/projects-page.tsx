import { Building, Plus } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { ProjectDocType } from '#schema/rx/projects'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { liveDocs } from '../../lib/live-docs.ts'
import { SAVE_FAILED_TOAST, showToast } from '../../lib/toasts.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { insertProject, type ProjectFields, updateProject } from '../data/team-writes.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { BackToSettings } from '../layout/back-to-settings.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { ProjectCard } from './project-card.tsx'
import { ProjectDialog } from './project-dialog.tsx'

type OpenDialog = { project?: ProjectDocType } | null

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true })

/** Active projects first, then by name. */
function compareProjects(a: ProjectDocType, b: ProjectDocType) {
  const activeFirst = Number(b.status === 'active') - Number(a.status === 'active')
  return activeFirst || byName.compare(a.name, b.name) || a.id.localeCompare(b.id)
}

/** {base}/projects: the organisation's projects from the local database (works offline). */
export function ProjectsPage() {
  const canWrite = hasSalesPermission(useSalesUser(), 'sales.catalog.write')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const projects = useSalesLiveQuery(
    ({ db }) =>
      liveDocs(db.projects.find()).pipe(map((projects) => projects.sort(compareProjects))),
    [],
  )

  // The dialog shows the toasts; a failed write throws into it.
  const save = async (fields: ProjectFields) => {
    const project = dialog?.project
    if (project) await updateProject(project.id, fields)
    else await insertProject(fields)
    setDialog(null)
  }

  const toggleActive = async (project: ProjectDocType) => {
    const isActive = project.status === 'active'
    const question = isActive
      ? `Weet je zeker dat je "${project.name}" wilt deactiveren? Het project is dan niet meer te kiezen bij een nieuwe verkoop.`
      : `"${project.name}" weer activeren?`
    if (!window.confirm(question)) return
    try {
      await updateProject(project.id, { status: isActive ? 'inactive' : 'active' })
      showToast({
        title: isActive ? 'Project gedeactiveerd' : 'Project geactiveerd',
        description: project.name,
      })
    } catch {
      showToast(SAVE_FAILED_TOAST)
    }
  }

  const addButton = (label: string) => (
    <Button onClick={() => setDialog({})}>
      <Plus aria-hidden />
      {label}
    </Button>
  )

  return (
    <>
      <BackToSettings />
      <PageHeader
        title="Projecten"
        description={
          canWrite
            ? 'Beheer de projecten waarin verkocht wordt'
            : 'De projecten waarin verkocht wordt. Alleen een admin kan ze wijzigen.'
        }
        actions={canWrite && addButton('Nieuw Project')}
      />
      {projects.status === 'loading' && <InlineLoading />}
      {projects.status === 'failed' && (
        <Alert variant="destructive" title="De projecten konden niet gelezen worden">
          Ververs de pagina om het opnieuw te proberen.
        </Alert>
      )}
      {projects.status === 'ready' &&
        (projects.data.length === 0 ? (
          <EmptyState Icon={Building} title="Nog geen projecten">
            {canWrite ? (
              addButton('Voeg je eerste project toe')
            ) : (
              <p className="text-muted-foreground text-sm">Een admin voegt de projecten toe.</p>
            )}
          </EmptyState>
        ) : (
          <ul aria-label="Projecten" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {projects.data.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                canWrite={canWrite}
                onEdit={(edited) => setDialog({ project: edited })}
                onToggleActive={(toggled) => void toggleActive(toggled)}
              />
            ))}
          </ul>
        ))}
      {dialog && (
        <ProjectDialog
          project={dialog.project}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={save}
        />
      )}
    </>
  )
}
