import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { Badge } from '~/components/ui/badge'
import { fetchWaitlist, waitlistKeys, type WaitlistStatus } from '~/lib/queries/tonight'

const STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  claimed: 'Claimed',
  expired: 'Offer expired',
  removed: 'Removed',
  left: 'Left',
}

/**
 * The day's waitlist beside the arrivals (issue 35): position, party, the
 * times they could make and where each stands. Nothing at all where the
 * server has no waitlist (404), so the screen works before it is built.
 */
export function WaitlistArea({ date }: { date: string }) {
  // A server without the waitlist answers 404 once: not asked again (the live channel would refetch it on every change).
  const [missing, setMissing] = React.useState(false)
  const waitlist = useQuery({ queryKey: waitlistKeys.day(date), queryFn: () => fetchWaitlist(date), retry: false, enabled: !missing })
  React.useEffect(() => {
    if (waitlist.data === null) setMissing(true)
  }, [waitlist.data])
  if (!waitlist.data) return null
  const entries = waitlist.data
  return (
    <section aria-labelledby="tonight-waitlist-title" className="space-y-2">
      <h2 id="tonight-waitlist-title" className="font-display text-lg font-semibold">
        Waitlist <span className="font-normal text-muted-foreground">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is waiting for a table today.</p>
      ) : (
        <ul className="grid gap-2">
          {entries.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-card px-3 py-2 text-sm"
            >
              <span className="w-6 font-display text-lg font-bold tabular-nums">
                {e.position !== null ? (
                  `${e.position}.`
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">No place</span>
                  </>
                )}
              </span>
              <span className="font-semibold">{e.name}</span>
              <span>
                {e.partySize} {e.partySize === 1 ? 'guest' : 'guests'} · {e.earliestTime}–{e.latestTime}
              </span>
              <Badge
                variant={
                  e.status === 'waiting'
                    ? 'outline'
                    : e.status === 'offered'
                      ? 'warning'
                      : e.status === 'claimed'
                        ? 'success'
                        : 'secondary'
                }
              >
                {STATUS_LABELS[e.status]}
                {e.status === 'offered' && e.offeredTime && ` ${e.offeredTime}`}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
