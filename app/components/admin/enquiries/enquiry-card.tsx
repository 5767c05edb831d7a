import { CalendarCheck, CalendarDays, CalendarPlus, Eye, Mail, Phone, Users } from 'lucide-react'
import * as React from 'react'
import { ENQUIRY_STATUSES, type EnquiryStatus } from '#common/constants'
import type { AdminEnquiry } from '#common/event-schema'
import { formatInstant } from '#common/time'
import { NativeSelect } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { ItemActions } from '../item-actions'
import { IconDetail } from '../panel'
import { CopyButton } from './copy-button'
import { bookedLabel } from './enquiry-booking'
import { EnquiryNotes } from './enquiry-notes'
import { ENQUIRY_STATUS_LABELS, enquiryText, eventWhen } from './enquiry-filters'
import { EnquiryStatusBadge } from './status-badge'
import { guestsText } from '#common/reservation-form'

const STATUS_CHOICES = ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s]! }))

/**
 * One enquiry: who, for which event, how many, how to reach them; staff's
 * notes; its status picked on the card and saved at once; 'Make a booking'
 * (or, once made, the booking it got); Copy, View Details and Delete.
 */
export function EnquiryCard({
  enquiry: e,
  onStatus,
  onView,
  onDelete,
  onBook,
  onOpenBooking,
  preloadBooking,
}: {
  enquiry: AdminEnquiry
  onStatus: (status: EnquiryStatus) => void
  onView: () => void
  /** For a role that may delete enquiries (managers and owners): without it, Delete is not shown. */
  onDelete?: () => void
  /** Opens the New Booking form filled from the enquiry; absent for staff who may not book. */
  onBook?: () => void
  onOpenBooking: () => void
  preloadBooking?: () => void
}) {
  const { venueTimezone } = React.useContext(AdminContext)
  const titleId = `enquiry-${e.id}-name`
  const selectId = `enquiry-${e.id}-status`
  return (
    <article aria-labelledby={titleId} data-testid={`enquiry-${e.id}`} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-lg font-semibold leading-tight">
            {e.name}
          </h3>
          <p className="text-sm text-muted-foreground">Sent {formatInstant(e.createdAt, venueTimezone)}</p>
        </div>
        <EnquiryStatusBadge status={e.status} />
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div className="flex items-start gap-2 sm:col-span-2">
          <dt>
            <CalendarDays className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Event</span>
          </dt>
          <dd>
            <span className="font-semibold">{e.eventTitle}</span>, {eventWhen(e)}
          </dd>
        </div>
        <IconDetail icon={Users} label="Party size" valueClassName="font-semibold">
          {guestsText(e.partySize)}
        </IconDetail>
        <IconDetail icon={Phone} label="Phone">
          <a className="underline" href={telHref(e.phone)}>
            {e.phone}
          </a>
        </IconDetail>
        <IconDetail icon={Mail} label="Email" className="min-w-0 sm:col-span-2" valueClassName="min-w-0 truncate">
          <a className="underline" href={`mailto:${e.email}`}>
            {e.email}
          </a>
        </IconDetail>
      </dl>
      {e.specialRequests && (
        // The padding is outside the clamped text: on the text itself it would show the top of a third line.
        <div className="rounded-md bg-muted px-3 py-2 text-sm">
          <p className="line-clamp-2">{e.specialRequests}</p>
        </div>
      )}
      {e.booking && (
        <p className="flex items-center gap-2 text-sm">
          <CalendarCheck className="size-4 text-muted-foreground" aria-hidden="true" />
          <button type="button" className="font-semibold underline underline-offset-2 hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={onOpenBooking}>
            {bookedLabel(e.booking)}
            <span className="sr-only"> (open {e.name}&apos;s booking)</span>
          </button>
        </p>
      )}
      <EnquiryNotes enquiry={e} />
      <ItemActions label={`${e.name}'s enquiry`} onDelete={onDelete} className="items-end">
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-xs font-semibold text-muted-foreground">
            Status<span className="sr-only"> of {e.name}&apos;s enquiry</span>
          </label>
          <NativeSelect id={selectId} className="h-9 w-36" value={e.status} options={STATUS_CHOICES} onChange={(event) => onStatus(event.target.value as EnquiryStatus)} />
        </div>
        {!e.reservationId && onBook && (
          <Button type="button" size="sm" onClick={onBook} onPointerEnter={preloadBooking} onFocus={preloadBooking} aria-label={`Make a booking for ${e.name}'s enquiry`}>
            <CalendarPlus aria-hidden="true" />
            Make a booking
          </Button>
        )}
        <CopyButton size="sm" variant="outline" text={() => enquiryText(e)} aria-label={`Copy ${e.name}'s enquiry`}>
          Copy
        </CopyButton>
        <Button type="button" size="sm" variant="outline" onClick={onView} aria-label={`View details of ${e.name}'s enquiry`}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
      </ItemActions>
    </article>
  )
}
