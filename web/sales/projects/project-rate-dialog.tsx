import { type FormEvent, useRef, useState } from 'react'
import { ProjectRateSchema } from '#schema/commission-plans'
import { parsePercentage } from '#schema/parse-percentage'
import type { ProjectRate } from '#schema/plan-resolution'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { api } from '../../lib/api-client.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { OFFLINE_WRITE_TEXT, useOnlineWrite } from '../plans/online-write.ts'
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
  const history = [...props.rates].sort((a, b) => (a.from < b.from ? 1 : -1))
  const current = history.find((rate) => rate.from <= props.today)
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
          <ol aria-label="Tarieven van dit project" className="grid gap-2">
            {history.map((rate) => (
              <li
                key={rate.from}
                className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
              >
                <span className="font-medium">{describeRate(rate, props.plans)}</span>
                <span className="text-muted-foreground">{`vanaf ${formatDay(rate.from)}`}</span>
                {rate === current && <Badge>Huidig</Badge>}
                {rate.from > props.today && <Badge variant="outline">Gepland</Badge>}
              </li>
            ))}
          </ol>
        )}
        {props.canEdit && <RateForm {...props} latest={history[0]} />}
      </div>
    </Dialog>
  )
}

function RateForm(props: ProjectRateDialogProps & { latest?: ProjectRate }) {
  const isOnline = useOnlineStatus()
  const formRef = useRef<HTMLFormElement>(null)
  const [percentage, setPercentage] = useState('')
  const [planId, setPlanId] = useState('')
  const [from, setFrom] = useState(
    props.latest && props.latest.from >= props.today ? '' : props.today,
  )
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
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="rate-form-title"
      className="grid gap-4 border-t pt-4"
    >
      <h3 id="rate-form-title" className="font-semibold">
        Tarief instellen
      </h3>
      {!isOnline && <Alert title="Geen verbinding">{OFFLINE_WRITE_TEXT}</Alert>}
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
        <div className="grid content-start gap-2">
          <SelectField
            label="Plan"
            value={planId}
            onChange={(event) => setPlanId(event.target.value)}
            aria-invalid={!!errors.planId}
            options={[
              { value: '', label: 'Geen plan' },
              ...props.plans.map((plan) => ({ value: plan.id, label: plan.name })),
            ]}
          />
          {errors.planId && (
            <p className="text-xs">
              <ErrorHint message={errors.planId} />
            </p>
          )}
        </div>
        <Field
          label="Vanaf"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={!!errors.from}
          hint={<ErrorHint message={errors.from} />}
        />
      </div>
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={isSaving} className="w-full sm:w-auto sm:justify-self-end">
        {isSaving ? 'Opslaan...' : 'Tarief opslaan'}
      </Button>
    </form>
  )
}
