import { ArrowLeft, ArrowRight, LoaderCircle } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ProjectDocument, SellerDocument } from '#schema/sales'
import { Button, buttonClass } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import type { Currency } from '../../lib/format-money.ts'
import { showToast } from '../../lib/toasts.ts'
import { ClientStep } from './client-step.tsx'
import { CommissionSummary } from './commission-summary.tsx'
import { FinanceStep } from './finance-step.tsx'
import {
  NO_PROPOSALS,
  type PlanContext,
  projectPercentageText,
  proposeFormLines,
  withProposals,
} from './plan-lines.ts'
import { ProjectStep } from './project-step.tsx'
import {
  calculateForm,
  canOpenStep,
  getStepProblem,
  isStepValid,
  MISSING_FIELDS_TEXT,
  type SaleForm,
  WIZARD_STEPS,
  type WizardStep,
} from './sale-form.ts'
import { SplitStep } from './split-step.tsx'
import { WizardProgress } from './wizard-progress.tsx'

/** What the final button does with a filled-in form: a save to run, or why not. */
export type PreparedSave =
  | { ok: true; save: () => Promise<unknown>; saved?: { title: string; description: string } }
  | { ok: false; message: string }

export type SaleWizardProps = {
  projects: readonly ProjectDocument[]
  sellers: readonly SellerDocument[]
  currency: Currency
  /** A new sale's defaults, or a correction's figures (form.isCorrection fixes the project). */
  createForm: () => SaleForm
  title: string
  description: string
  back: { path: string; label: string }
  projectsPath: string
  submitLabel: string
  /** Shown on the last step, above its buttons; of the form as filled in now. */
  notice?: ReactNode | ((form: SaleForm) => ReactNode)
  /** Saving waits (e.g. for payments still on their way to the server). */
  isSaveBlocked?: boolean
  /** Checks the whole form (its own rules after the steps' rules) and prepares the save. */
  prepare: (form: SaleForm) => PreparedSave
  /** The toast after saving, unless the prepared save names its own. */
  saved: { title: string; description: string }
  /** The toast's text when saving fails without a reason of its own. */
  failedText: string
  onSaved: () => void
  /** Commission plans to propose each line's share from (a new sale; decision 040). */
  plans?: PlanContext
}

/**
 * The four-step sale wizard (docs/behaviour.md, The sale wizard), with the arithmetic live
 * on screen: a new sale, or the correction of a registered one.
 */
export function SaleWizard(props: SaleWizardProps) {
  const { projects, sellers, currency, back } = props
  const [typed, setForm] = useState<SaleForm>(props.createForm)
  // The plans propose every line nobody typed; the form as shown and saved holds them.
  const proposals = props.plans ? proposeFormLines(typed, props.plans) : NO_PROPOSALS
  const form = props.plans ? withProposals(typed, proposals) : typed
  const [step, setStep] = useState<WizardStep>(1)
  // A correction starts from a complete sale: every step is filled in already.
  const [completed, setCompleted] = useState<ReadonlySet<WizardStep>>(
    () => new Set(form.isCorrection ? WIZARD_STEPS.map(({ step }) => step) : []),
  )
  const [isSaving, setIsSaving] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusedStep = useRef(step)
  const result = calculateForm(form)
  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0]

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step's title.
    if (focusedStep.current === step) return
    focusedStep.current = step
    headingRef.current?.focus()
  }, [step])

  const update = (patch: Partial<SaleForm>) =>
    setForm((previous) => {
      const next = { ...previous, ...patch }
      // A project with its own percentage fills it in; the office may still change it.
      const own =
        props.plans && patch.projectId ? projectPercentageText(next, props.plans) : undefined
      return own === undefined ? next : { ...next, commissionPercentage: own }
    })

  const openStep = (target: WizardStep) => {
    if (target === step) return
    if (!canOpenStep(form, target)) {
      showToast({
        title: 'Kan niet navigeren',
        description: 'Vul eerst de vorige stappen in om hier te komen',
        variant: 'destructive',
      })
      return
    }
    if (target > step) setCompleted((done) => new Set([...done, step]))
    setStep(target)
  }

  const goNext = () => {
    const problem = getStepProblem(form, step)
    if (problem) {
      showToast({
        title: 'Validatie fout',
        description: problem ?? MISSING_FIELDS_TEXT,
        variant: 'destructive',
      })
      return
    }
    setCompleted((done) => new Set([...done, step]))
    setStep((step + 1) as WizardStep)
  }

  const register = async () => {
    const problem = [1, 2, 3, 4]
      .map((each) => getStepProblem(form, each as WizardStep))
      .find(Boolean)
    if (problem) {
      showToast({ title: 'Validatie fout', description: problem, variant: 'destructive' })
      return
    }
    const prepared = props.prepare(form)
    if (!prepared.ok) {
      showToast({ title: 'Fout', description: prepared.message, variant: 'destructive' })
      return
    }
    setIsSaving(true)
    try {
      await prepared.save()
      showToast(prepared.saved ?? props.saved)
      props.onSaved()
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : undefined
      showToast({
        title: 'Fout',
        description: message ?? props.failedText,
        variant: 'destructive',
      })
      setIsSaving(false)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSaving) return
    if (step < 4) goNext()
    else if (!props.isSaveBlocked) void register()
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-3">
        <Link to={back.path} className={buttonClass('ghost', 'sm', '-ml-3 justify-self-start')}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{props.title}</h1>
          <p className="text-muted-foreground">{props.description}</p>
        </div>
      </div>

      <Card className="grid gap-6 p-4 sm:p-6">
        <WizardProgress
          current={step}
          isCompleted={(each) => completed.has(each) && isStepValid(form, each)}
          onSelect={openStep}
        />
        <form noValidate onSubmit={submit} className="grid gap-6" aria-labelledby="step-title">
          <div className="grid gap-1 border-t pt-5">
            <p className="text-muted-foreground text-xs uppercase tracking-wide">
              Stap {step} van {WIZARD_STEPS.length}
            </p>
            <h2
              id="step-title"
              ref={headingRef}
              tabIndex={-1}
              className="font-semibold text-xl outline-none"
            >
              {current.description}
            </h2>
          </div>

          {step === 1 && (
            <ProjectStep
              form={form}
              projects={projects}
              projectsPath={props.projectsPath}
              onChange={update}
            />
          )}
          {step === 2 && <ClientStep form={form} onChange={update} />}
          {step === 3 && (
            <div className="grid gap-5">
              <FinanceStep form={form} currency={currency} onChange={update} />
              <CommissionSummary
                form={form}
                result={result}
                sellers={sellers}
                currency={currency}
              />
            </div>
          )}
          {step === 4 && (
            <SplitStep
              form={form}
              proposals={proposals}
              planNames={props.plans?.planNames}
              result={result}
              sellers={sellers}
              currency={currency}
              onChange={update}
            />
          )}
          {step === 4 && (typeof props.notice === 'function' ? props.notice(form) : props.notice)}

          <div className="flex items-center justify-between gap-3 border-t pt-5">
            <Button
              variant="outline"
              onClick={() => setStep((step - 1) as WizardStep)}
              disabled={step === 1 || isSaving}
            >
              <ArrowLeft aria-hidden />
              Vorige
            </Button>
            {step < 4 ? (
              <Button type="submit">
                Volgende
                <ArrowRight aria-hidden />
              </Button>
            ) : (
              <Button type="submit" disabled={isSaving || props.isSaveBlocked}>
                {isSaving && <LoaderCircle aria-hidden className="animate-spin" />}
                {isSaving ? 'Opslaan...' : props.submitLabel}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  )
}
