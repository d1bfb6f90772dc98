import { format } from 'date-fns/format'
import { useEffect, useState } from 'react'
import { getServerNow, onServerClockChange } from '#sync/client/server-clock'

const toDay = () => format(getServerNow(), 'yyyy-MM-dd')

/**
 * Today as 'YYYY-MM-DD' by the server's clock when this device has learned it (else its
 * own), renewed after midnight: overdue and days until payment are derived from it.
 */
export function useToday(): string {
  const [today, setToday] = useState(toDay)
  useEffect(() => {
    const renew = () => setToday(toDay())
    const timer = setInterval(renew, 60_000)
    const stop = onServerClockChange(renew)
    // The clock may have been learned between the first render and now.
    renew()
    return () => {
      clearInterval(timer)
      stop()
    }
  }, [])
  return today
}
