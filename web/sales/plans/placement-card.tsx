import { Layers } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { SellerPlanSchema } from '#schema/commission-plans'
import type { Placement } from '#schema/plan-resolution'
import { IconCard } from '../../components/card.tsx'
import { api } from '../../lib/api-client.ts'
import { showToast } from '../../lib/toasts.ts'
import { DatedChangeForm, DatedChangeSubmit } from './dated-change-form.tsx'
import { DatedHistory, FromField, orderDated, PlanSelect, proposeFrom } from './dated-rows.tsx'
import { useOnlineWrite } from './online-write.ts'
import { toFieldErrors } from './plan-draft.ts'
import { formatDay } from './plan-text.ts'
import type { PlanSummary } from './plan-types.ts'

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
  const { history, current } = orderDated(props.placements, props.today)
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
          <DatedHistory
            label="Plannen van deze verkoper"
            history={history}
            current={current}
            today={props.today}
            describe={(placement) => planName(placement.planId)}
          />
        )}
        {props.canEdit && <PlacementForm {...props} latest={history[0]} />}
      </div>
    </IconCard>
  )
}

function PlacementForm(props: PlacementCardProps & { latest?: Placement }) {
  const formRef = useRef<HTMLFormElement>(null)
  const [planId, setPlanId] = useState('')
  const [from, setFrom] = useState(() => proposeFrom(props.latest, props.today))
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
    <DatedChangeForm
      titleId="placement-form-title"
      title="Plan wijzigen"
      formRef={formRef}
      onSubmit={submit}
    >
      {props.plans.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Er zijn nog geen commissieplannen. Maak er een in Instellingen → Commissieplannen.
        </p>
      ) : (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <PlanSelect
              value={planId}
              onChange={setPlanId}
              plans={props.plans}
              emptyLabel="Kies een plan"
              error={errors.planId}
            />
            <FromField value={from} onChange={setFrom} error={errors.from} />
          </div>
          <DatedChangeSubmit problem={problem} isSaving={isSaving} label="Plan wijzigen" />
        </>
      )}
    </DatedChangeForm>
  )
}
