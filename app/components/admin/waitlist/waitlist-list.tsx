import { useQuery } from '@tanstack/react-query'
import { ChevronDown, Clock, Mail, Phone, Trash2 } from 'lucide-react'
import * as React from 'react'
import { formatTime12, minutesToTime, zonedParts } from '#common/time'
import { apiRequest } from '~/lib/api'
import { useCan } from '~/lib/current-user'
import { fetchWaitlist, waitlistKeys, type WaitlistEntry } from '~/lib/queries/tonight'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'
import { AdminContext } from '../admin-context'
import { ConfirmDialog, useConfirmedMutation } from '../confirm'
import { lazyDialog } from '../lazy-dialog'
import { QueryView } from '../panel'
import { guestsText } from '#common/reservation-form'

const OfferDialog = lazyDialog(() => import('./offer-dialog').then((m) => m.OfferDialog))

/** '7:30 PM–8:30 PM': the times the guest said they could come. */
export const windowText = (e: Pick<WaitlistEntry, 'earliestTime' | 'latestTime'>) =>
  e.earliestTime === e.latestTime ? formatTime12(e.earliestTime) : `${formatTime12(e.earliestTime)}–${formatTime12(e.latestTime)}`

/** Where an entry stands, in words: 'Waiting', 'Offered 8:00 PM until 7:42 PM' (the offer's end at the venue), 'Booked'... */
export function statusText(e: WaitlistEntry, timeZone: string): string {
  switch (e.status) {
    case 'waiting':
      return 'Waiting'
    case 'offered': {
      const time = e.offeredTime ? ` ${formatTime12(e.offeredTime)}` : ''
      const until = e.offerExpiresAt ? ` until ${formatTime12(minutesToTime(zonedParts(new Date(e.offerExpiresAt), timeZone).minutes))}` : ''
      return `Offered${time}${until}`
    }
    case 'claimed':
      return 'Booked'
    case 'expired':
      return 'Expired'
    case 'removed':
      return 'Removed'
    case 'left':
      return 'Left'
  }
}

const STATUS_VARIANT = { waiting: 'outline', offered: 'warning', claimed: 'success', expired: 'secondary', removed: 'secondary', left: 'secondary' } as const

/** The server offers a time to a waiting entry or one whose offer ran out, and removes any entry still on the list. */
const canOffer = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'expired'
const canRemove = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered' || e.status === 'expired'

/**
 * A date's waitlist for staff (issue 35), on Tonight and in All Reservations:
 * each entry's place, party, the times they could make and where it stands,
 * with a call and an email a tap away. Those who run the service offer a
 * waiting entry a time by hand and remove entries; the list is read again
 * after either, and the live channel refetches it on other screens (its key
 * holds the date). `collapsible`: a heading that opens it, closed at first
 * (All Reservations, where the day's bookings come first); nothing at all
 * then for a day nobody asked to wait for.
 */
export function WaitlistList({
  date,
  titleId,
  headingLevel = 'h2',
  collapsible = false,
}: {
  date: string
  titleId: string
  headingLevel?: 'h2' | 'h3'
  collapsible?: boolean
}) {
  const { venueTimezone } = React.useContext(AdminContext)
  const waitlist = useQuery({ queryKey: waitlistKeys.day(date), queryFn: () => fetchWaitlist(date) })
  const runsService = useCan('service.write')
  const [open, setOpen] = React.useState(!collapsible)
  const [offering, setOffering] = React.useState<WaitlistEntry | null>(null)
  const remove = useConfirmedMutation({
    mutationFn: (e: WaitlistEntry) => apiRequest('DELETE', `/api/admin/waitlist/${e.id}?version=${e.version}`),
    success: (e) => `${e.name} is off the waitlist.`,
    invalidate: [waitlistKeys.all],
  })

  const entries = waitlist.data ?? []
  const waiting = entries.filter((e) => e.status === 'waiting').length
  if (collapsible && entries.length === 0) return null
  const Heading = headingLevel
  const listId = `${titleId}-list`
  const title = (
    <>
      Waitlist <span className="font-normal text-muted-foreground">({waiting} waiting)</span>
    </>
  )

  return (
    <section aria-labelledby={titleId} className="space-y-2 print:hidden">
      <Heading id={titleId} className={cn('font-display font-semibold', headingLevel === 'h2' ? 'text-lg' : 'text-base')}>
        {collapsible ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-2 rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
            {title}
          </button>
        ) : (
          title
        )}
      </Heading>
      {open && (
        <div id={listId}>
          <QueryView
            query={waitlist}
            keepDataOnError
            errorMessage="The waitlist could not be loaded."
            empty={(list) => list.length === 0 && <p className="text-sm text-muted-foreground">Nobody is waiting for a table on this day.</p>}
          >
            {(list) => (
              <ul className="grid gap-2" aria-busy={waitlist.isFetching}>
                {list.map((e) => (
                  <li
                    key={e.id}
                    data-testid={`waitlist-${e.id}`}
                    data-status={e.status}
                    className="grid grid-cols-[2rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-md border border-border bg-card px-3 py-2 text-sm sm:grid-cols-[2rem_minmax(0,1fr)_auto]"
                  >
                    <span className="font-display text-lg font-bold tabular-nums">
                      {e.position !== null ? (
                        <>
                          <span className="sr-only">Place </span>
                          {e.position}
                          <span aria-hidden="true">.</span>
                        </>
                      ) : (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="sr-only">No place</span>
                        </>
                      )}
                    </span>
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="break-words font-semibold">{e.name}</span>
                        <span>{guestsText(e.partySize)}</span>
                        <span className="inline-flex items-center gap-1">
                          <Clock className="size-3.5 text-muted-foreground" aria-hidden="true" />
                          <span className="sr-only">Can come </span>
                          {windowText(e)}
                        </span>
                        <Badge variant={STATUS_VARIANT[e.status]} className="whitespace-nowrap">
                          {statusText(e, venueTimezone)}
                        </Badge>
                      </p>
                      <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground">
                        <a href={`tel:${e.phone.replace(/\s+/g, '')}`} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
                          <Phone className="size-3.5" aria-hidden="true" />
                          <span className="sr-only">Call </span>
                          {e.phone}
                        </a>
                        <a href={`mailto:${e.email}`} className="inline-flex min-w-0 items-center gap-1 break-all underline-offset-2 hover:underline">
                          <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                          <span className="sr-only">Email </span>
                          {e.email}
                        </a>
                      </p>
                    </div>
                    {runsService && (canOffer(e) || canRemove(e)) && (
                      <div role="group" aria-label={`Actions for ${e.name}`} className="col-start-2 flex flex-wrap gap-2 sm:col-start-3 sm:justify-end">
                        {canOffer(e) && (
                          <Button type="button" size="sm" variant="outline" onClick={() => setOffering(e)} {...OfferDialog.preloadProps}>
                            Offer a time
                          </Button>
                        )}
                        {canRemove(e) && (
                          <Button
                            type="button"
                            size="sm"
                            variant="ghost"
                            className="text-destructive hover:text-destructive"
                            onClick={() =>
                              remove.ask({
                                title: 'Remove from the waitlist?',
                                description: 'They will not be offered a table for this day. Any open offer is withdrawn.',
                                detail: `${e.name} · ${guestsText(e.partySize)} · ${windowText(e)}`,
                                variables: e,
                                confirmLabel: 'Remove',
                                destructive: true,
                              })
                            }
                          >
                            <Trash2 aria-hidden="true" />
                            Remove
                          </Button>
                        )}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </div>
      )}
      {offering && <OfferDialog.Component entry={offering} date={date} onOpenChange={(next) => !next && setOffering(null)} />}
      <ConfirmDialog {...remove.dialog} />
    </section>
  )
}
