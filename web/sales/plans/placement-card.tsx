import { Layers } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { SellerPlanSchema } from '#schema/commission-plans'
import type { Placement } from '#schema/plan-resolution'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { IconCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { api } from '../../lib/api-client.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { OFFLINE_WRITE_TEXT, useOnlineWrite } from './online-write.ts'
import { toFieldErrors } from './plan-draft.ts'
import { formatDay } from './plan-text.ts'
import type { PlanSummary } from './plan-types.ts'
import { ErrorHint } from './role-fields.tsx'

type PlacementCardProps = {
  sellerId: string
  sellerName: string
  /** The seller's placements, any order. */
  placements: readonly Placement[]
  plans: readonly PlanSummary[]
  today: string
  /** The sales ADMIN: "Plan wijzigen". */
  canEdit: boolean
}

/** The plan a seller is on, the ones before, and for the sales ADMIN "Plan wijzigen". */
export function PlacementCard(props: PlacementCardProps) {
  const history = [...props.placements].sort((a, b) => (a.from < b.from ? 1 : -1))
  const current = history.find((placement) => placement.from <= props.today)
  const planName = (planId: string) =>
    props.plans.find((plan) => plan.id === planId)?.name ?? 'Onbekend plan'
  return (
    <IconCard
      Icon={Layers}
      title="Commissieplan"
      description={
        current
          ? `${planName(current.planId)} sinds ${formatDay(current.from)}`
          : 'Nog niet op een commissieplan'
      }
    >
      <div className="grid gap-4 px-6 pb-6">
        {history.length > 0 && (
          <ol aria-label="Plannen van deze verkoper" className="grid gap-2">
            {history.map((placement) => (
              <li
                key={placement.from}
                className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
              >
                <span className="font-medium">{planName(placement.planId)}</span>
                <span className="text-muted-foreground">{`vanaf ${formatDay(placement.from)}`}</span>
                {placement === current && <Badge>Huidig</Badge>}
                {placement.from > props.today && <Badge variant="outline">Gepland</Badge>}
              </li>
            ))}
          </ol>
        )}
        {props.canEdit && <PlacementForm {...props} latest={history[0]} />}
      </div>
    </IconCard>
  )
}

function PlacementForm(props: PlacementCardProps & { latest?: Placement }) {
  const isOnline = useOnlineStatus()
  const formRef = useRef<HTMLFormElement>(null)
  const [planId, setPlanId] = useState('')
  const [from, setFrom] = useState(
    props.latest && props.latest.from >= props.today ? '' : props.today,
  )
  const { errors, problem, isSaving, check, send } = useOnlineWrite()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = SellerPlanSchema.safeParse({ planId, from })
    const found = toFieldErrors(parsed.error?.issues ?? [])
    // The date against the last placement is the server's to judge (400 on `from`).
    if (!check(found, formRef.current) || !parsed.success) return
    const saved = await send(async () => {
      const answer = await api['gold-estates'].sellers[':id'].plan.$put({
        param: { id: props.sellerId },
        json: parsed.data,
      })
      return answer.json()
    }, formRef.current)
    if (!saved) return
    const name = props.plans.find((plan) => plan.id === planId)?.name ?? ''
    showToast({
      title: 'Plan gewijzigd',
      description: `${props.sellerName}: ${name} vanaf ${formatDay(from)}`,
    })
    // The placement reaches this device by the pull: the history and position follow.
    setPlanId('')
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="placement-form-title"
      className="grid gap-4 border-t pt-4"
    >
      <h3 id="placement-form-title" className="font-semibold">
        Plan wijzigen
      </h3>
      {!isOnline && <Alert title="Geen verbinding">{OFFLINE_WRITE_TEXT}</Alert>}
      {props.plans.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Er zijn nog geen commissieplannen. Maak er een in Instellingen → Commissieplannen.
        </p>
      ) : (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <SelectField
                label="Plan"
                value={planId}
                onChange={(event) => setPlanId(event.target.value)}
                aria-invalid={!!errors.planId}
                options={[
                  { value: '', label: 'Kies een plan' },
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
          <Button
            type="submit"
            disabled={isSaving}
            className="w-full sm:w-auto sm:justify-self-end"
          >
            {isSaving ? 'Opslaan...' : 'Plan wijzigen'}
          </Button>
        </>
      )}
    </form>
  )
}
