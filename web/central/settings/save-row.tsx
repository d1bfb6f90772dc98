import { ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'

type SaveRowProps = {
  /** Why the last save failed, if it did. */
  problem?: string
  isSaving: boolean
  /** Whether this person may change the settings: otherwise there is nothing to save. */
  canSave: boolean
}

/** The end of a settings form: the last save's problem, and Opslaan. */
export function SaveRow({ problem, isSaving, canSave }: SaveRowProps) {
  return (
    <>
      <ProblemLine problem={problem} />
      {canSave && (
        <div>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Opslaan...' : 'Opslaan'}
          </Button>
        </div>
      )}
    </>
  )
}
