import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { christmasCountdownText, COUNTDOWN_REFRESH_MS, daysUntilChristmasFrom } from '#common/countdown'
import { todayInSpan, type ZoneSpan } from '#common/time'

/** Height of the countdown bar; the nav sits this far down on home. */
export const COUNTDOWN_BAR_CLASS = 'h-10'

/**
 * Days until Christmas. The first render uses the server's count (so the
 * bar's space is reserved in the HTML and hydration matches); after hydration
 * the browser recomputes from its own clock, then hourly. It tells the venue's
 * date from the server's offset span while its clock is inside it, without
 * building a time-zone formatter on page load (see ZoneSpan).
 */
export function useChristmasDays(initialDays: number, span: ZoneSpan, timeZone: string): number {
  const [days, setDays] = useState(initialDays)
  useEffect(() => {
    const update = () => setDays(daysUntilChristmasFrom(todayInSpan(new Date(), span, timeZone)))
    update()
    const id = window.setInterval(update, COUNTDOWN_REFRESH_MS)
    return () => window.clearInterval(id)
  }, [span, timeZone])
  return days
}

/** The Christmas countdown bar, fixed at the top of home; nothing at 0 days or fewer. */
export function ChristmasCountdown({ days }: { days: number }) {
  const text = christmasCountdownText(days)
  if (!text) return null
  return (
    <div
      className={`fixed inset-x-0 top-0 z-50 flex ${COUNTDOWN_BAR_CLASS} items-center justify-center bg-claret px-4 text-sm text-cream`}
      data-testid="christmas-countdown"
    >
      <p className="truncate">
        <span aria-hidden="true" className="mr-2 text-brass-light">
          ✶
        </span>
        <strong className="font-semibold">{text}</strong>
        <span className="hidden sm:inline"> · Christmas parties are booking now</span>{' '}
        <Link to="/christmas" className="ml-1 font-semibold underline underline-offset-2 hover:text-brass-light">
          See Christmas<span className="sr-only"> party details</span>
        </Link>
      </p>
    </div>
  )
}
