import { useEffect, useState } from 'react'
import type { RegistrationMode } from '#schema/auth'
import { getJson } from '../../lib/api-request.ts'

/** How this installation takes registrations (REGISTRATION); null until known or offline. */
export function useRegistrationMode(): RegistrationMode | null {
  const [mode, setMode] = useState<RegistrationMode | null>(null)
  useEffect(() => {
    getJson<{ mode: RegistrationMode }>('/api/auth/registration')
      .then((answer) => setMode(answer?.mode ?? null))
      .catch(() => setMode(null))
  }, [])
  return mode
}
