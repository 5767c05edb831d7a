import { useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { RESERVATION_DAY_PAGE_SIZE } from '#common/constants'
import type { AdminEnquiry } from '#common/event-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { can } from '#common/permissions'
import { SelectField } from '~/components/forms/fields'
import { currentUserQuery } from '~/lib/current-user'
import { enquiriesQuery, eventKeys } from '~/lib/queries/events'
import { fetchReservations, reservationKeys } from '~/lib/queries/reservations'
import { AdminContext, useVenueDays } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { ReservationDetails } from '../reservations/reservation-details'
import { useReservationActions } from '../reservations/use-reservation-actions'
import { CopyButton } from './copy-button'
import { bookingPrefill } from './enquiry-booking'
import { EnquiryCard } from './enquiry-card'
import { EnquiryDetails } from './enquiry-details'
import {
  DEFAULT_ENQUIRY_FILTERS,
  eventOptions,
  filterEnquiries,
  inSeenOrder,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  SUBMITTED_OPTIONS,
  tableSummary,
  type EnquiryFilters,
} from './enquiry-filters'
import { useEnquiryActions } from './use-enquiry-actions'

// All Reservations' own New Booking form ('Make a booking', issue 36), loaded when staff first reach for it.
const ReservationDialog = lazyDialog(() => import('../reservations/reservation-dialog').then((m) => m.ReservationDialog))

/** The booking an enquiry got, read from its day's list (the list is where staff's bookings come from). */
function useLinkedBooking(booking: AdminEnquiry['booking']) {
  const filter = { date: booking?.date ?? '', pageSize: RESERVATION_DAY_PAGE_SIZE }
  return useQuery({
    queryKey: reservationKeys.list(filter),
    queryFn: () => fetchReservations(filter),
    enabled: booking !== null,
    select: (list) => list.reservations.find((r) => r.id === booking?.id) ?? null,
  })
}

/**
 * Event Enquiries (SPEC.md section 2): who asked about which event, their
 * status, staff's notes, and the tables to lay; 'Make a booking' opens the
 * New Booking form filled from an enquiry, and the enquiry then shows its booking.
 */
export default function EnquiriesPanel() {
  const enquiries = useQuery(enquiriesQuery)
  const { venueTimezone } = React.useContext(AdminContext)
  const { today } = useVenueDays()
  const [filters, setFilters] = React.useState<EnquiryFilters>(DEFAULT_ENQUIRY_FILTERS)
  const [viewing, setViewing] = React.useState<AdminEnquiry | null>(null)
  const actions = useEnquiryActions()
  const queryClient = useQueryClient()
  const role = useQuery(currentUserQuery).data?.role
  const canBook = can(role, 'reservations.write') && can(role, 'enquiries.write')
  const canDelete = can(role, 'enquiries.delete')
  // The enquiry 'Make a booking' was pressed on, and the one whose booking is open.
  const [booking, setBooking] = React.useState<AdminEnquiry | null>(null)
  const [opened, setOpened] = React.useState<AdminEnquiry['booking']>(null)
  const linked = useLinkedBooking(opened)
  const reservationActions = useReservationActions({
    onSaved: () => {
      setBooking(null)
      void queryClient.invalidateQueries({ queryKey: eventKeys.enquiries })
    },
  })
  const all = enquiries.data ?? []
  // Held after a status change, until the filters change: the list does not re-sort under the pointer.
  const [held, setHeld] = React.useState<{ filters: EnquiryFilters; order: number[] } | null>(null)
  const sorted = filterEnquiries(all, filters, today, venueTimezone)
  const shown = held?.filters === filters ? inSeenOrder(sorted, held.order) : sorted
  const summary = tableSummary(shown, filters.event === 'all' ? 'All events' : filters.event)
  const set = (key: keyof EnquiryFilters) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilters((f) => ({ ...f, [key]: e.target.value }))

  return (
    <section aria-labelledby="enquiries-title" className="space-y-5">
      <PanelHeader
        titleId="enquiries-title"
        title="Event Enquiries"
        description="Guests asking about an event: call them back, confirm their table, keep the count."
        actions={
          <CopyButton variant="outline" text={() => summary.text} disabled={!enquiries.data}>
            {ADMIN_MESSAGES.copyTableSummary}
          </CopyButton>
        }
      />

      <div role="search" aria-label="Filter enquiries" className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:p-4 lg:grid-cols-4">
        <SelectField label="Status" value={filters.status} onChange={set('status')} options={STATUS_OPTIONS} />
        <SelectField label="Event" value={filters.event} onChange={set('event')} options={eventOptions(all)} />
        <SelectField label="Date submitted" value={filters.submitted} onChange={set('submitted')} options={SUBMITTED_OPTIONS} />
        <SelectField label="Sort by" value={filters.sort} onChange={set('sort')} options={SORT_OPTIONS} />
      </div>

      {enquiries.data && (
        <dl className="grid grid-cols-3 gap-3" aria-live="polite" data-testid="enquiry-counts">
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Total enquiries</dt>
            <dd className="font-display text-2xl font-bold">{shown.length}</dd>
          </div>
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Confirmed</dt>
            <dd className="font-display text-2xl font-bold">{summary.tables}</dd>
          </div>
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Confirmed guests</dt>
            <dd className="font-display text-2xl font-bold">{summary.guests}</dd>
          </div>
        </dl>
      )}

      {enquiries.isPending ? (
        <LoadingState />
      ) : enquiries.isError ? (
        <ErrorState message="The enquiries could not be loaded." onRetry={() => void enquiries.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title="No enquiries found">{all.length === 0 ? 'Enquiries from the events pages appear here.' : 'Try adjusting your filters to see more enquiries.'}</EmptyState>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-busy={enquiries.isFetching}>
          {shown.map((e) => (
            <li key={e.id}>
              <EnquiryCard
                enquiry={e}
                onStatus={(status) => {
                  setHeld({ filters, order: shown.map((s) => s.id) })
                  actions.setStatus(e.id, status)
                }}
                onView={() => setViewing(e)}
                onDelete={onlyIf(canDelete, () => actions.remove(e.id))}
                onBook={canBook ? () => setBooking(e) : undefined}
                preloadBooking={ReservationDialog.preload}
                onOpenBooking={() => setOpened(e.booking)}
              />
            </li>
          ))}
        </ul>
      )}
      <EnquiryDetails enquiry={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      {booking && (
        <ReservationDialog.Component
          open
          onOpenChange={(open) => !open && setBooking(null)}
          defaultDate={today}
          prefill={bookingPrefill(booking, today)}
          enquiryId={booking.id}
          description={`From ${booking.name}'s enquiry about ${booking.eventTitle}: check the details, then save. The enquiry is linked to the booking.`}
          save={reservationActions.save}
        />
      )}
      <ConfirmDialog {...reservationActions.save.dialog} />
      <ReservationDetails reservation={opened ? (linked.data ?? null) : null} onOpenChange={(open) => !open && setOpened(null)} />
    </section>
  )
}
