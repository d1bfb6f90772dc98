import * as RadixSwitch from 'radix-ui/switch'
import { type ReactNode, useId } from 'react'
import { FieldLabel } from './field.tsx'

type SwitchFieldProps = {
  label: string
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}

/** An on/off setting: label and explanation on the left, the switch on the right. */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: SwitchFieldProps) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        {description && (
          <p id={`${id}-description`} className="text-muted-foreground text-sm">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <RadixSwitch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </RadixSwitch.Root>
    </div>
  )
}
