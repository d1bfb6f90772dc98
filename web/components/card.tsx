import type { LucideIcon } from 'lucide-react'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/class-names.ts'

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-xl border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  )
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 p-6 pb-4', className)} {...props} />
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('font-semibold text-lg leading-tight', className)} {...props} />
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-muted-foreground text-sm', className)} {...props} />
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />
}

type TitledCardProps = Omit<ComponentProps<'section'>, 'title'> & {
  /** The title's id, which names the card. */
  titleId: string
  title: ReactNode
  description?: ReactNode
  /** The narrower side padding of the sales screens' cards. */
  isCompact?: boolean
  /** The content's own classes: its layout. */
  contentClassName?: string
}

/** A card named by its title, a description under it where given, then its content. */
export function TitledCard({
  titleId,
  title,
  description,
  isCompact = false,
  contentClassName,
  children,
  ...props
}: TitledCardProps) {
  const padding = isCompact ? 'px-4 sm:px-6' : undefined
  return (
    <Card aria-labelledby={titleId} {...props}>
      <CardHeader className={padding}>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={cn(contentClassName, padding)}>{children}</CardContent>
    </Card>
  )
}

type IconCardProps = ComponentProps<'section'> & {
  Icon: LucideIcon
  /** The icon's colour. */
  iconClassName?: string
  title: string
  description: ReactNode
}

/** A card named by its title, which starts with an icon, with a description under it. */
export function IconCard({
  Icon,
  iconClassName = 'text-primary',
  title,
  description,
  children,
  ...props
}: IconCardProps) {
  const titleId = useId()
  return (
    <Card aria-labelledby={titleId} {...props}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon aria-hidden className={cn('size-5', iconClassName)} />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  )
}
