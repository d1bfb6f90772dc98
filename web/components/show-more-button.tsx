import { cn } from '../lib/class-names.ts'
import { Button, type ButtonProps } from './button.tsx'

type ShowMoreButtonProps = {
  /** More items wait than are shown; without them there is no button. */
  hasMore: boolean
  onShowMore: () => void
  size?: ButtonProps['size']
  className?: string
}

/** "Meer tonen" under a long list shown a page at a time. */
export function ShowMoreButton({ hasMore, onShowMore, size, className }: ShowMoreButtonProps) {
  if (!hasMore) return null
  return (
    <div className={cn('flex justify-center', className)}>
      <Button variant="outline" size={size} onClick={onShowMore}>
        Meer tonen
      </Button>
    </div>
  )
}
