import { type FormEvent, useRef, useState } from 'react'
import { ProjectRateSchema } from '#schema/commission-plans'
import { parsePercentage } from '#schema/parse-percentage'
import type { ProjectRate } from '#schema/plan-resolution'
import { Dialog } from '../../components/dialog.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { showToast } from '../../lib/toasts.ts'
import { DatedChangeForm, DatedChangeSubmit } from '../plans/dated-change-form.tsx'
import {
  DatedHistory,
  FromField,
  orderDated,
  PlanSelect,
  proposeFrom,
} from '../plans/dated-rows.tsx'
import { useOnlineWrite } from '../plans/online-write.ts'
import { toFieldErrors } from '../plans/plan-draft.ts'
import { formatDay } from '../plans/plan-text.ts'
import { ErrorHint } from '../plans/role-fields.tsx'
import { describeRate } from './project-rate-text.ts'

type ProjectRateDialogProps = {
  project: { id: string; name: string }
  /** The project's rates, any order. */
  rates: readonly ProjectRate[]
  plans: readonly { id: string; name: string }[]
  today: string
  /** The sales ADMIN: the form to set a new rate. */
  canEdit: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * A project's own rate (docs/behaviour.md, Commissieplannen): its percentage and/or plan
 * from a date, with the ones before; the sales ADMIN sets a new one, online only.
 */
export function ProjectRateDialog(props: ProjectRateDialogProps) {
  const { history, current } = orderDated(props.rates, props.today)
  return (
    <Dialog
      open
      onOpenChange={props.onOpenChange}
      title={`Eigen tarief · ${props.project.name}`}
      description="Een percentage en/of plan van dit project, vanaf een datum. Het gaat voor op dat van de verkoper."
    >
      <div className="grid gap-4">
        {history.length === 0 ? (
          <p className="text-muted-foreground text-sm">Dit project heeft geen eigen tarief.</p>
        ) : (
          <DatedHistory
            label="Tarieven van dit project"
            history={history}
            current={current}
            today={props.today}
            describe={(rate) => describeRate(rate, props.plans)}
          />
        )}
        {props.canEdit && <RateForm {...props} latest={history[0]} />}
      </div>
    </Dialog>
  )
}

function RateForm(props: ProjectRateDialogProps & { latest?: ProjectRate }) {
  const formRef = useRef<HTMLFormElement>(null)
  const [percentage, setPercentage] = useState('')
  const [planId, setPlanId] = useState('')
  const [from, setFrom] = useState(() => proposeFrom(props.latest, props.today))
  const { errors, problem, isSaving, check, send } = useOnlineWrite()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = percentage.trim() === '' ? null : parsePercentage(percentage)
    const parsed = ProjectRateSchema.safeParse({
      from,
      commissionPercentage: typed?.ok ? typed.value : null,
      planId: planId || null,
    })
    const found = toFieldErrors(parsed.error?.issues ?? [])
    if (typed && !typed.ok) found.commissionPercentage = typed.problem
    // The date against the last rate is the server's to judge (400 on `from`).
    if (!check(found, formRef.current) || !parsed.success) return
    const saved = await send(async () => {
      const answer = await api['gold-estates'].projects[':id'].rate.$put({
        param: { id: props.project.id },
        json: parsed.data,
      })
      return answer.json()
    }, formRef.current)
    if (!saved) return
    showToast({
      title: 'Tarief ingesteld',
      description: `${props.project.name}: ${describeRate(parsed.data, props.plans)} vanaf ${formatDay(from)}`,
    })
    // The rate reaches this device by the pull: the card and the history follow.
    props.onOpenChange(false)
  }

  return (
    <DatedChangeForm
      titleId="rate-form-title"
      title="Tarief instellen"
      formRef={formRef}
      onSubmit={submit}
    >
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <Field
          label="Percentage"
          inputMode="decimal"
          placeholder="2,5"
          value={percentage}
          onChange={(event) => setPercentage(event.target.value)}
          aria-invalid={!!errors.commissionPercentage}
          hint={<ErrorHint message={errors.commissionPercentage} />}
        />
        <PlanSelect
          value={planId}
          onChange={setPlanId}
          plans={props.plans}
          emptyLabel="Geen plan"
          error={errors.planId}
        />
        <FromField value={from} onChange={setFrom} error={errors.from} />
      </div>
      <DatedChangeSubmit problem={problem} isSaving={isSaving} label="Tarief opslaan" />
    </DatedChangeForm>
  )
}
