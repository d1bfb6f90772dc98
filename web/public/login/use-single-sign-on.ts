import { useEffect, useState } from 'react'
import { api } from '../../lib/api-client.ts'

/** Where the last answer is kept: the next page shows it at once, and offline. */
const KNOWN_KEY = 'centraal-sso'

function readKnown(): boolean {
  try {
    return localStorage.getItem(KNOWN_KEY) === 'on'
  } catch {
    return false
  }
}

/**
 * Whether this installation signs in through single sign-on (OIDC_ISSUER set), asked
 * without a session (GET /api/auth/sign-in-options). Until the answer, and offline, the
 * last answer this browser had; false before any.
 */
export function useSingleSignOn(): boolean {
  const [isOn, setIsOn] = useState(readKnown)
  useEffect(() => {
    let isCurrent = true
    api.auth['sign-in-options']
      .$get()
      .then((response) => response.json())
      .then(({ sso }) => {
        try {
          localStorage.setItem(KNOWN_KEY, sso ? 'on' : 'off')
        } catch {
          // Storage refused (private mode): the answer holds for this page.
        }
        if (isCurrent) setIsOn(sso)
      })
      .catch(() => {
        // Offline or the server away: keep the last answer.
      })
    return () => {
      isCurrent = false
    }
  }, [])
  return isOn
}
