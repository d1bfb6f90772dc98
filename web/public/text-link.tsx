import type { ComponentProps } from 'react'
import { Link } from 'react-router-dom'
import { cn } from '../lib/class-names.ts'

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  )
}

/** Under the registration and setup forms: the way to the login for who has an account. */
export function LoginInsteadNote() {
  return (
    <p className="mt-6 text-center text-muted-foreground text-sm">
      Heb je al een account? <TextLink to="/login">Log hier in</TextLink>
    </p>
  )
}
