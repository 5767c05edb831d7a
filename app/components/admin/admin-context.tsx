import * as React from 'react'
import { addDays, todayIn } from '#common/time'

/** What every panel needs from the server's configuration: the venue's time zone. */
export const AdminContext = React.createContext<{ venueTimezone: string }>({ venueTimezone: 'Europe/London' })

/**
 * Today and tomorrow in the venue's time zone (DESIGN.md section 2), whatever
 * the zone of the phone behind the bar; checked every minute, so the Today
 * filter moves on at midnight without a reload.
 */
export function useVenueDays(): { today: string; tomorrow: string } {
  const { venueTimezone } = React.useContext(AdminContext)
  const [today, setToday] = React.useState(() => todayIn(new Date(), venueTimezone))
  React.useEffect(() => {
    const tick = () => setToday(todayIn(new Date(), venueTimezone))
    tick()
    const timer = setInterval(tick, 60_000)
    return () => clearInterval(timer)
  }, [venueTimezone])
  return { today, tomorrow: addDays(today, 1) }
}
