import * as React from 'react'
import { addDays, minutesToTime, todayIn, zonedParts } from '#common/time'

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

/**
 * The venue's date and time now ('HH:MM', and minutes after its midnight),
 * checked every 15 seconds: Tonight's late marks, its No-show buttons and the
 * timeline's now line move on without a reload.
 */
export function useVenueNow(): { date: string; time: string; minutes: number } {
  const { venueTimezone } = React.useContext(AdminContext)
  const [now, setNow] = React.useState(() => zonedParts(new Date(), venueTimezone))
  React.useEffect(() => {
    const tick = () =>
      setNow((before) => {
        const next = zonedParts(new Date(), venueTimezone)
        // The same minute keeps the same object, so nothing below renders again.
        return next.date === before.date && next.minutes === before.minutes ? before : next
      })
    tick()
    const timer = setInterval(tick, 15_000)
    return () => clearInterval(timer)
  }, [venueTimezone])
  return { date: now.date, minutes: now.minutes, time: minutesToTime(now.minutes) }
}
