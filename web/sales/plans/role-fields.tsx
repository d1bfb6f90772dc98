import { Plus, Trash2 } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '../../components/button.tsx'
import { Field, FieldLabel } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { cn } from '../../lib/class-names.ts'
import { type FieldErrors, newTier, type RoleDraft, type TierDraft } from './plan-draft.ts'

type RoleFieldsProps = {
  role: RoleDraft
  index: number
  errors: FieldErrors
  onChange: (role: RoleDraft) => void
  /** Absent for the plan's only role. */
  onRemove?: () => void
}

/** A problem under a field, red. */
export function ErrorHint({ message }: { message: string | undefined }) {
  return message ? <span className="text-destructive">{message}</span> : undefined
}

/**
 * One team role of a plan: its name (closer, setter, …, free text), its base share and
 * its tiers, "Vanaf € X: Y %", rising; rows are added and removed in place.
 */
export function RoleFields({ role, index, errors, onChange, onRemove }: RoleFieldsProps) {
  const path = `roles.${index}`
  const name = role.role.trim() || `Rol ${index + 1}`
  const setTier = (at: number, tier: TierDraft) =>
    onChange({ ...role, tiers: role.tiers.map((item, i) => (i === at ? tier : item)) })
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 font-medium text-sm">{`Rol ${index + 1}`}</legend>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field
          label="Rol"
          autoComplete="off"
          placeholder="closer, setter, ISA, …"
          value={role.role}
          onChange={(event) => onChange({ ...role, role: event.target.value })}
          aria-invalid={!!errors[`${path}.role`]}
          hint={<ErrorHint message={errors[`${path}.role`]} />}
        />
        <Field
          label="Basisaandeel (%)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={role.share}
          onChange={(event) => onChange({ ...role, share: event.target.value })}
          aria-invalid={!!errors[`${path}.share`]}
          hint={<ErrorHint message={errors[`${path}.share`]} />}
        />
        {onRemove && (
          <Button variant="ghost" className="sm:mt-6" onClick={onRemove}>
            <Trash2 aria-hidden />
            {`Rol ${name} verwijderen`}
          </Button>
        )}
      </div>
      <div className="grid gap-3">
        <p className="text-muted-foreground text-sm">
          {role.tiers.length === 0
            ? 'Geen treden: het basisaandeel geldt voor elk volume.'
            : 'Treden op het volume van de verkoper in de periode, oplopend.'}
        </p>
        {role.tiers.length > 0 && (
          <ol className="grid gap-3">
            {role.tiers.map((tier, at) => (
              <TierRow
                key={tier.key}
                tier={tier}
                label={`${name}, trede ${at + 1}`}
                errors={{
                  fromVolume: errors[`${path}.tiers.${at}.fromVolume`],
                  share: errors[`${path}.tiers.${at}.share`],
                }}
                onChange={(next) => setTier(at, next)}
                onRemove={() => onChange({ ...role, tiers: role.tiers.filter((_, i) => i !== at) })}
              />
            ))}
          </ol>
        )}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onChange({ ...role, tiers: [...role.tiers, newTier()] })}
        >
          <Plus aria-hidden />
          {`Trede toevoegen aan ${name}`}
        </Button>
      </div>
    </fieldset>
  )
}

type TierRowProps = {
  tier: TierDraft
  /** 'closer, trede 1': read before each field's own label. */
  label: string
  errors: { fromVolume?: string; share?: string }
  onChange: (tier: TierDraft) => void
  onRemove: () => void
}

/** "Vanaf € [ ] : [ ] %", with its own remove button. */
function TierRow({ tier, label, errors, onChange, onRemove }: TierRowProps) {
  return (
    <li className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] items-start gap-2">
      <ContextInput
        context={label}
        label="Vanaf (€)"
        value={tier.fromVolume}
        error={errors.fromVolume}
        onChange={(fromVolume) => onChange({ ...tier, fromVolume })}
      />
      <ContextInput
        context={label}
        label="Aandeel (%)"
        value={tier.share}
        error={errors.share}
        onChange={(share) => onChange({ ...tier, share })}
      />
      <Button
        variant="ghost"
        size="icon"
        className="mt-6"
        aria-label={`${label} verwijderen`}
        title="Trede verwijderen"
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  )
}

/** An input whose label reads its context first to a screen reader ('closer, trede 1: Vanaf (€)'). */
export function ContextInput(props: {
  context: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const hint: ReactNode = props.error
  return (
    <div className="grid min-w-0 gap-2">
      <FieldLabel htmlFor={id}>
        <span className="sr-only">{`${props.context}: `}</span>
        {props.label}
      </FieldLabel>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={hint ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(hint && 'border-destructive')}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-destructive text-xs">
          {hint}
        </p>
      )}
    </div>
  )
}
