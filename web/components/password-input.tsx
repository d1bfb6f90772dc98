import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { cn } from '../lib/class-names.ts'
import { inputClass } from './input.tsx'

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  showLabel?: string
  hideLabel?: string
}

/** A password input with a toggle that shows or hides what was typed (docs/behaviour.md, Signed out). */
export function PasswordInput({
  className,
  showLabel = 'Wachtwoord tonen',
  hideLabel = 'Wachtwoord verbergen',
  ...props
}: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false)
  return (
    <div className="relative">
      <input
        type={isVisible ? 'text' : 'password'}
        className={cn(inputClass, 'pr-11', className)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? hideLabel : showLabel}
        aria-pressed={isVisible}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        {isVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  )
}
