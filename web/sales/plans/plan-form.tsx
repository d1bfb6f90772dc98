import { Plus } from 'lucide-react'
import { PLAN_EXTRA_TYPES, PLAN_MODES, type PlanMode } from '#schema/commission-plans'
import { Button } from '../../components/button.tsx'
import { TitledCard } from '../../components/card.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { cn } from '../../lib/class-names.ts'
import { MONEY_INPUT_PROPS } from '../components/money-field-props.ts'
import { type FieldErrors, newRole, type PlanDraft } from './plan-draft.ts'
import { EXTRA_LABELS, MODE_LABELS, PERIOD_LABELS } from './plan-text.ts'
import { ContextInput, ErrorHint, RoleFields } from './role-fields.tsx'

type PlanFormProps = {
  draft: PlanDraft
  errors: FieldErrors
  onChange: (draft: PlanDraft) => void
  /** The date field's label: "Ingangsdatum", or for a plan that exists "Nieuwe versie vanaf". */
  fromLabel: string
  fromHint?: string
}

/** The plan editor's fields (docs/behaviour.md, Commissieplannen). */
export function PlanForm({ draft, errors, onChange, fromLabel, fromHint }: PlanFormProps) {
  const set = (changes: Partial<PlanDraft>) => onChange({ ...draft, ...changes })
  return (
    <>
      <TitledCard
        titleId="plan-terms-title"
        title="Plan"
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        <Field
          label="Naam *"
          autoComplete="off"
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
          aria-invalid={!!errors.name}
          hint={<ErrorHint message={errors.name} />}
        />
        <Field
          label={fromLabel}
          type="date"
          value={draft.from}
          onChange={(event) => set({ from: event.target.value })}
          aria-invalid={!!errors.from}
          hint={errors.from ? <ErrorHint message={errors.from} /> : fromHint}
        />
        <SelectField
          label="Periode"
          value={draft.period}
          onChange={(event) => set({ period: event.target.value as PlanDraft['period'] })}
          options={(['year', 'quarter'] as const).map((value) => ({
            value,
            label: PERIOD_LABELS[value],
          }))}
        />
        <ModeChoice value={draft.mode} onChange={(mode) => set({ mode })} />
      </TitledCard>

      <TitledCard
        titleId="plan-roles-title"
        title="Rollen en treden"
        description="Per rol in het salesteam een aandeel van de netto commissie; wat overblijft is het aandeel van het kantoor."
        contentClassName="grid gap-4"
      >
        {errors.roles && (
          <p className="text-destructive text-sm">
            <ErrorHint message={errors.roles} />
          </p>
        )}
        {draft.roles.map((role, index) => (
          <RoleFields
            key={role.key}
            role={role}
            index={index}
            errors={errors}
            onChange={(next) =>
              set({ roles: draft.roles.map((item, i) => (i === index ? next : item)) })
            }
            onRemove={
              draft.roles.length > 1
                ? () => set({ roles: draft.roles.filter((_, i) => i !== index) })
                : undefined
            }
          />
        ))}
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => set({ roles: [...draft.roles, newRole()] })}
        >
          <Plus aria-hidden />
          Rol toevoegen
        </Button>
      </TitledCard>

      <TitledCard
        titleId="plan-caps-title"
        title="Plafonds en vaste aandelen"
        description="Leeg laten: geen plafond, geen vast aandeel."
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        <Field
          label="Plafond per periode (€)"
          type="text"
          {...MONEY_INPUT_PROPS}
          value={draft.cap}
          onChange={(event) => set({ cap: event.target.value })}
          aria-invalid={!!errors.capPerPeriod}
          hint={
            errors.capPerPeriod ? (
              <ErrorHint message={errors.capPerPeriod} />
            ) : (
              'Het meeste dat een verkoper per periode uit de rollen van dit plan krijgt.'
            )
          }
        />
        <div className="hidden sm:block" />
        {PLAN_EXTRA_TYPES.map((type) => (
          <ExtraFields key={type} type={type} draft={draft} errors={errors} onChange={onChange} />
        ))}
      </TitledCard>
    </>
  )
}

function ExtraFields({
  type,
  draft,
  errors,
  onChange,
}: { type: (typeof PLAN_EXTRA_TYPES)[number] } & Omit<PlanFormProps, 'fromLabel'>) {
  const extra = draft.extras[type]
  const set = (changes: Partial<typeof extra>) =>
    onChange({ ...draft, extras: { ...draft.extras, [type]: { ...extra, ...changes } } })
  const label = EXTRA_LABELS[type]
  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-lg border p-4 sm:col-span-2 lg:col-span-1">
      <legend className="px-1 font-medium text-sm">{label}</legend>
      <ContextInput
        context={label}
        label="Aandeel (%)"
        value={extra.share}
        error={errors[`extras.${type}.share`]}
        onChange={(share) => set({ share })}
      />
      <ContextInput
        context={label}
        label="Plafond (€)"
        value={extra.cap}
        error={errors[`extras.${type}.capPerPeriod`]}
        onChange={(cap) => set({ cap })}
      />
    </fieldset>
  )
}

/** Marginaal or Retroactief, each with what it means: two radio cards. */
function ModeChoice({ value, onChange }: { value: PlanMode; onChange: (mode: PlanMode) => void }) {
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-2 font-medium text-sm leading-none">Wijze</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PLAN_MODES.map((mode) => (
          <label
            key={mode}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === mode && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name="plan-mode"
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{MODE_LABELS[mode].title}</span>
              <span className="text-muted-foreground">{MODE_LABELS[mode].detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
