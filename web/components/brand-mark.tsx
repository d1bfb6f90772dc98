import { cn } from '../lib/class-names.ts'

/** The Centraal logo: a hub with four spokes, the same drawing as the app icon. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="512" height="512" rx="112" fill="#4f46e5" />
      <circle cx="256" cy="256" r="56" fill="#fff" />
      <path
        d="M256 200V120M256 312v80M200 256h-80M312 256h80"
        fill="none"
        stroke="#fff"
        strokeWidth="28"
        strokeLinecap="round"
      />
      <g fill="#c7d2fe">
        <circle cx="256" cy="104" r="32" />
        <circle cx="256" cy="408" r="32" />
        <circle cx="104" cy="256" r="32" />
        <circle cx="408" cy="256" r="32" />
      </g>
    </svg>
  )
}
