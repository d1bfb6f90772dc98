import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { type FormEvent, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { PlanCreateSchema, PlanUpdateSchema } from '#schema/commission-plans'
import { Alert, ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { useCommissionPlans } from '../data/use-commission-plans.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { OFFLINE_WRITE_TEXT, useOnlineWrite } from './online-write.ts'
import { BackToPlans } from './plan-back-links.tsx'
import {
  draftFromVersion,
  emptyDraft,
  type PlanDraft,
  readDraft,
  toFieldErrors,
} from './plan-draft.ts'
import { PlanForm } from './plan-form.tsx'
import { formatDay } from './plan-text.ts'
import type { PlanSummary } from './plan-types.ts'
import { VersionHistory } from './version-history.tsx'

const plansApi = api['gold-estates']['commission-plans']

/** The day after `date` ('YYYY-MM-DD'). */
const dayAfter = (date: string) => format(addDays(new Date(`${date}T12:00:00`), 1), 'yyyy-MM-dd')

/**
 * {base}/settings/commission-plans/new and …/:id (docs/behaviour.md, Commissieplannen):
 * the sales ADMIN's plan editor. Saving a plan that exists makes a new version from a date
 * after the latest; the versions before stay as they were.
 */
export function PlanEditorPage() {
  const { id } = useParams()
  const canEdit = hasSalesPermission(useSalesUser(), 'sales.settings.write')
  const plans = useCommissionPlans()
  const today = useToday()
  const plan = id ? plans?.find((item) => item.id === id) : undefined
  return (
    <>
      <BackToPlans />
      <PageHeader
        title={plan ? plan.name : id ? 'Commissieplan' : 'Nieuw commissieplan'}
        description="Aandelen per rol, treden op het volume in een periode, plafonds"
      />
      {!canEdit ? (
        <Alert title="Alleen voor een admin">Alleen een admin beheert de commissieplannen.</Alert>
      ) : id && plans === undefined ? (
        <InlineLoading />
      ) : id && !plan ? (
        <Alert variant="destructive" title="Commissieplan niet gevonden">
          Het plan bestaat niet (meer) in deze organisatie.
        </Alert>
      ) : (
        <PlanEditor
          key={plan ? `${plan.id}:${plan.versions.length}` : 'new'}
          plan={plan}
          today={today}
        />
      )}
    </>
  )
}

function startDraft(plan: PlanSummary | undefined, today: string): PlanDraft {
  const latest = plan?.versions.at(-1)
  if (!plan || !latest) return emptyDraft(today)
  return draftFromVersion(plan.name, latest, today > latest.from ? today : dayAfter(latest.from))
}

/** Whether the draft's terms are those of the version (the date aside). */
function sameTerms(payload: ReturnType<typeof readDraft>['payload'], plan: PlanSummary) {
  const latest = plan.versions.at(-1)
  if (!latest) return false
  const terms = (version: Omit<typeof payload, 'name' | 'from'>) =>
    JSON.stringify([
      version.period,
      version.mode,
      version.roles.map((role) => [role.role.trim(), role.share, role.tiers]),
      version.capPerPeriod,
      version.extras,
    ])
  return terms(payload) === terms(latest)
}

function PlanEditor(props: { plan?: PlanSummary; today: string }) {
  const { plan } = props
  const navigate = useNavigate()
  const isOnline = useOnlineStatus()
  const formRef = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState(() => startDraft(plan, props.today))
  const { errors, problem, isSaving, check, send } = useOnlineWrite()
  const latest = plan?.versions.at(-1)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { payload, errors: unread } = readDraft(draft)
    const keepsTerms = plan ? sameTerms(payload, plan) : false
    if (plan && keepsTerms && payload.name.trim() === plan.name) {
      check({ from: 'Er is niets gewijzigd: pas het plan aan of geef het een andere naam' }, null)
      return
    }
    const body = plan && keepsTerms ? { name: payload.name } : payload
    const parsed = (plan ? PlanUpdateSchema : PlanCreateSchema).safeParse(body)
    const found = {
      ...toFieldErrors(parsed.error?.issues ?? [], payload.extras),
      ...unread,
      ...(latest && !keepsTerms && draft.from && draft.from <= latest.from
        ? { from: `Een nieuwe versie moet ingaan na ${formatDay(latest.from)}` }
        : {}),
    }
    if (!check(found, formRef.current) || !parsed.success) return
    const saved = await send(
      async () => {
        const answer = plan
          ? await plansApi[':id'].$patch({ param: { id: plan.id }, json: body })
          : await plansApi.$post({ json: body as typeof payload })
        return answer.json()
      },
      formRef.current,
      payload.extras,
    )
    if (!saved) return
    showToast({
      title: 'Commissieplan opgeslagen',
      description: plan && !keepsTerms ? `Nieuwe versie vanaf ${formatDay(draft.from)}` : undefined,
    })
    // The plan reaches this device by the pull, in a moment: the list shows it when it does.
    if (!plan) navigate(salesPath('/settings/commission-plans'))
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6">
      {!isOnline && <Alert title="Geen verbinding">{OFFLINE_WRITE_TEXT}</Alert>}
      {plan && <VersionHistory versions={plan.versions} today={props.today} />}
      <PlanForm
        draft={draft}
        errors={errors}
        onChange={setDraft}
        fromLabel={plan ? 'Nieuwe versie vanaf *' : 'Ingangsdatum *'}
        fromHint={
          latest
            ? `Na ${formatDay(latest.from)}. Eerdere verkopen houden wat hun versie gaf.`
            : undefined
        }
      />
      <ProblemLine problem={problem} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
          {isSaving ? 'Opslaan...' : plan ? 'Nieuwe versie opslaan' : 'Plan opslaan'}
        </Button>
      </div>
    </form>
  )
}
