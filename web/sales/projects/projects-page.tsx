import { Building } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { ProjectDocType } from '#schema/rx/projects'
import { liveDocs } from '../../lib/live-docs.ts'
import { CatalogListPage, type CatalogListTexts } from '../components/catalog-list-page.tsx'
import { compareActiveFirst } from '../components/compare-active-first.ts'
import { toggleActiveStatus } from '../components/toggle-active-status.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { insertProject, type ProjectFields, updateProject } from '../data/team-writes.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { ProjectCard } from './project-card.tsx'
import { ProjectDialog } from './project-dialog.tsx'

type OpenDialog = { project?: ProjectDocType } | null

const TEXTS: CatalogListTexts = {
  title: 'Projecten',
  description: {
    write: 'Beheer de projecten waarin verkocht wordt',
    read: 'De projecten waarin verkocht wordt. Alleen een admin kan ze wijzigen.',
  },
  addLabel: 'Nieuw Project',
  firstAddLabel: 'Voeg je eerste project toe',
  failedTitle: 'De projecten konden niet gelezen worden',
  emptyTitle: 'Nog geen projecten',
  emptyReadOnly: 'Een admin voegt de projecten toe.',
}

const toggleActive = (project: ProjectDocType) =>
  toggleActiveStatus({
    item: project,
    question: {
      deactivate: `Weet je zeker dat je "${project.name}" wilt deactiveren? Het project is dan niet meer te kiezen bij een nieuwe verkoop.`,
      activate: `"${project.name}" weer activeren?`,
    },
    toastTitle: { deactivated: 'Project gedeactiveerd', activated: 'Project geactiveerd' },
    update: (status) => updateProject(project.id, { status }),
  })

/** {base}/projects: the organisation's projects from the local database (works offline). */
export function ProjectsPage() {
  const canWrite = hasSalesPermission(useSalesUser(), 'sales.catalog.write')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const projects = useSalesLiveQuery(
    ({ db }) =>
      liveDocs(db.projects.find()).pipe(map((projects) => projects.sort(compareActiveFirst))),
    [],
  )

  // The dialog shows the toasts; a failed write throws into it.
  const save = async (fields: ProjectFields) => {
    const project = dialog?.project
    if (project) await updateProject(project.id, fields)
    else await insertProject(fields)
    setDialog(null)
  }

  return (
    <CatalogListPage
      texts={TEXTS}
      EmptyIcon={Building}
      items={projects}
      canWrite={canWrite}
      onAdd={() => setDialog({})}
      renderItem={(project) => (
        <ProjectCard
          key={project.id}
          project={project}
          canWrite={canWrite}
          onEdit={(edited) => setDialog({ project: edited })}
          onToggleActive={(toggled) => void toggleActive(toggled)}
        />
      )}
    >
      {dialog && (
        <ProjectDialog
          project={dialog.project}
          onOpenChange={(open) => !open && setDialog(null)}
          onSubmit={save}
        />
      )}
    </CatalogListPage>
  )
}
