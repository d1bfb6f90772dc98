import { CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { AuthLayout } from './auth-layout.tsx'

type DoneScreenProps = { title: string; status: ReactNode; children: ReactNode }

/** A public page once its step succeeded: a check mark, what happened, and the way on. */
export function DoneScreen({ title, status, children }: DoneScreenProps) {
  return (
    <AuthLayout title={title}>
      <div className="grid justify-items-center gap-4 text-center">
        <CircleCheck aria-hidden className="size-12 text-emerald-500" />
        <p role="status">{status}</p>
        {children}
      </div>
    </AuthLayout>
  )
}
