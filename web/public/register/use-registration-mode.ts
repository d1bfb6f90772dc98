import { useEffect, useState } from 'react'
import type { RegistrationMode } from '#schema/auth'
import { api } from '../../lib/api-client.ts'

/** How this installation takes registrations (REGISTRATION); null until known or offline. */
export function useRegistrationMode(): RegistrationMode | null {
  const [mode, setMode] = useState<RegistrationMode | null>(null)
  useEffect(() => {
    api.auth.registration
      .$get()
      .then((response) => response.json())
      .then((answer) => setMode(answer.mode))
      .catch(() => setMode(null))
  }, [])
  return mode
}
