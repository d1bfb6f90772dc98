import type { ReactNode } from 'react'

/** Readable running text for the help, terms and forgot-password pages. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-4 text-sm leading-relaxed [&_h2]:mt-2 [&_h2]:font-semibold [&_h2]:text-base [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
      {children}
    </div>
  )
}
