import { format } from 'date-fns'
import { useEffect, useState } from 'react'

const toDay = () => format(new Date(), 'yyyy-MM-dd')

/**
 * Today as 'YYYY-MM-DD' on this device, renewed after midnight: overdue and days until
 * payment are derived from it.
 */
export function useToday(): string {
  const [today, setToday] = useState(toDay)
  useEffect(() => {
    const timer = setInterval(() => setToday(toDay()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return today
}
