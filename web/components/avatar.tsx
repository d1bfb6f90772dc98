import { useState } from 'react'
import { cn } from '../lib/class-names.ts'

/** Up to two initials of a name ("Jan de Vries" → "JV"). */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? '?'
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''
  return `${first}${last}`.toUpperCase()
}

type AvatarProps = { name: string; imageUrl?: string | null; className?: string }

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, imageUrl, className }: AvatarProps) {
  const [hasFailed, setHasFailed] = useState(false)
  const showImage = imageUrl && !hasFailed
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary text-sm',
        className,
      )}
    >
      {showImage ? (
        <img
          src={imageUrl}
          alt={name}
          className="size-full object-cover"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <span role="img" aria-label={name}>
          {getInitials(name)}
        </span>
      )}
    </span>
  )
}
