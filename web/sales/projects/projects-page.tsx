import { Building } from 'lucide-react'
import { useState } from 'react'
import { map } from 'rxjs'
import type { ProjectDocType } from '#schema/rx/projects'
import { liveDocs } from '../../lib/live-docs.ts'
import { CatalogListPage, type CatalogListTexts } from '../components/catalog-list-page.tsx'
import { compareActiveFirst } from '../components/compare-active-first.ts'
import { toggleActiveStatus } from '../components/toggle-active-status.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { insertProject, type ProjectFields, updateProject } from '../data/team-writes.ts'
import { useCommissionPlans, usePlanBook } from '../data/use-commission-plans.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { ProjectCard } from './project-card.tsx'
import { ProjectDialog } from './project-dialog.tsx'
import { ProjectRateDialog } from './project-rate-dialog.tsx'
import { describeRate } from './project-rate-text.ts'

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
  const user = useSalesUser()
  const canWrite = hasSalesPermission(user, 'sales.catalog.write')
  // A project's rate changes what sales earn: the sales ADMIN's, as "Plan wijzigen".
  const canSetRate = hasSalesPermission(user, 'sales.settings.write')
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [rateOf, setRateOf] = useState<ProjectDocType | null>(null)
  const today = useToday()
  const book = usePlanBook()
  const plans = useCommissionPlans() ?? []
  const ratesOf = (projectId: string) =>
    book?.projectRates.filter((rate) => rate.projectId === projectId) ?? []
  const rateTextOf = (projectId: string) => {
    const current = ratesOf(projectId)
      .filter((rate) => rate.from <= today)
      .sort((a, b) => (a.from < b.from ? 1 : -1))[0]
    return current && describeRate(current, plans)
  }
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
          rateText={rateTextOf(project.id)}
          onRate={
            canSetRate || ratesOf(project.id).length > 0 ? () => setRateOf(project) : undefined
          }
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
      {rateOf && (
        <ProjectRateDialog
          project={rateOf}
          rates={ratesOf(rateOf.id)}
          plans={plans}
          today={today}
          canEdit={canSetRate}
          onOpenChange={(open) => !open && setRateOf(null)}
        />
      )}
    </CatalogListPage>
  )
}
