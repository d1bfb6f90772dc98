import type { LineProposal } from '#schema/plan-proposal'
import { Button } from '../../components/button.tsx'
import { describeProposal } from './plan-lines.ts'

/** How the line's share came from the plan, or that it deviates from it. */
export function PlanNote(props: {
  proposal: LineProposal
  planNames: ReadonlyMap<string, string>
  isEdited: boolean
  onFollowPlan: () => void
  /** A referral, manager or director line: the plan's fixed share. */
  isExtra?: boolean
}) {
  const text = describeProposal(props.proposal, props.planNames, props.isExtra)
  return (
    <p className="col-span-full flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
      {props.isEdited ? (
        <>
          <span className="font-semibold text-amber-700 dark:text-amber-300">
            Afwijkend van plan
          </span>
          <span>(plan: {text})</span>
          <Button
            variant="ghost"
            size="sm"
            className="h-auto px-1 py-0 underline"
            onClick={props.onFollowPlan}
          >
            Plan volgen
          </Button>
        </>
      ) : (
        <span>Volgens plan {text}</span>
      )}
    </p>
  )
}
