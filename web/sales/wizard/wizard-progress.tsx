import { Check } from 'lucide-react'
import { cn } from '../../lib/class-names.ts'
import { WIZARD_STEPS, type WizardStep } from './sale-form.ts'

type WizardProgressProps = {
  current: WizardStep
  isCompleted: (step: WizardStep) => boolean
  onSelect: (step: WizardStep) => void
}

/** The four steps as buttons: the current one marked, completed ones with a check. */
export function WizardProgress({ current, isCompleted, onSelect }: WizardProgressProps) {
  return (
    <nav aria-label="Stappen">
      <ol className="grid grid-cols-4 gap-1 sm:gap-3">
        {WIZARD_STEPS.map(({ step, title, description }) => {
          const isCurrent = step === current
          const isDone = isCompleted(step) && !isCurrent
          return (
            <li key={step} className="relative min-w-0">
              {step > 1 && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-4 right-[calc(50%+1.25rem)] left-[calc(-50%+1.25rem)] h-0.5 rounded sm:top-5',
                    step <= current || isDone ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              <button
                type="button"
                onClick={() => onSelect(step)}
                aria-current={isCurrent ? 'step' : undefined}
                aria-label={`Stap ${step}: ${title}${isDone ? ' (voltooid)' : ''}`}
                className="group grid w-full justify-items-center gap-1.5 rounded-lg p-1 text-center focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  className={cn(
                    'relative flex size-8 items-center justify-center rounded-full border-2 font-semibold text-sm transition-colors sm:size-10',
                    isCurrent && 'border-primary bg-primary text-primary-foreground',
                    isDone && 'border-primary bg-primary/15 text-primary',
                    !isCurrent && !isDone && 'border-border bg-card text-muted-foreground',
                    !isCurrent && 'group-hover:border-primary/70',
                  )}
                >
                  {isDone ? <Check aria-hidden className="size-4" /> : step}
                </span>
                <span
                  className={cn(
                    'w-full truncate font-medium text-xs sm:text-sm',
                    isCurrent ? 'text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {title}
                </span>
                <span className="hidden w-full truncate text-muted-foreground text-xs sm:block">
                  {description}
                </span>
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
