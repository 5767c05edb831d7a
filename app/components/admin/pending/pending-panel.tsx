import { Check, PartyPopper, Phone, X } from 'lucide-react'
import * as React from 'react'
import { ADMIN_RESERVATION_MESSAGES, type AdminReservation } from '#common/admin-reservations-schema'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { ADMIN_MESSAGES } from '#common/messages'
import { formatInstant, formatLongDate, formatTime12 } from '#common/time'
import { Button, buttonVariants } from '~/components/ui/button'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { CountBadge, EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { tablesText } from '../reservations/seating-text'
import { GuestConfirmationBadge, NeedsTableBadge } from '../reservations/status-badge'
import { useReservationActions } from '../reservations/use-reservation-actions'
import { usePendingReservations } from './use-pending'

/** A large party waiting for staff: who, when, how many, what they asked, and the three ways to answer. */
function PendingCard({ reservation: r, onConfirm, onDecline }: { reservation: AdminReservation; onConfirm: () => void; onDecline: () => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const titleId = `pending-${r.id}-name`
  return (
    <article aria-labelledby={titleId} data-testid={`pending-${r.id}`} className="rounded-lg border border-amber-300 bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold leading-tight">
              {r.name}
            </h3>
            {/* Whether the guest confirmed the request from their email, and so whether it holds its table (decision 21). */}
            <GuestConfirmationBadge reservation={r} />
            <NeedsTableBadge reservation={r} />
          </div>
          <p className="font-display text-xl font-bold">
            {r.partySize} guests · {formatTime12(r.startTime)}, {formatLongDate(r.date)}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">Booked {formatInstant(r.createdAt, venueTimezone)}</p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-muted-foreground">Phone</dt>
          <dd>
            <a className="underline" href={telHref(r.phone)}>
              {r.phone}
            </a>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-muted-foreground">Email</dt>
          <dd className="truncate">
            {r.email ? (
              <a className="underline" href={`mailto:${r.email}`}>
                {r.email}
              </a>
            ) : (
              ADMIN_RESERVATION_MESSAGES.noEmail
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-muted-foreground">Preference</dt>
          <dd>{FOOD_DRINKS_LABELS[r.foodDrinks]}</dd>
        </div>
        {r.tables.length > 0 && (
          <div>
            <dt className="font-semibold text-muted-foreground">{r.tables.length === 1 ? 'Table' : 'Tables'}</dt>
            <dd>{tablesText(r.tables)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 rounded-md bg-accent px-3 py-2 text-sm">
        <p className="font-semibold">Special requests</p>
        <p className="whitespace-pre-line">{r.additionalInfo || 'None'}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={`Answer ${r.name}`}>
        <Button type="button" onClick={onConfirm}>
          <Check aria-hidden="true" />
          Confirm Booking
        </Button>
        <Button type="button" variant="outline" onClick={onDecline}>
          <X aria-hidden="true" />
          Decline
        </Button>
        <a className={buttonVariants({ variant: 'secondary' })} href={telHref(r.phone)}>
          <Phone aria-hidden="true" />
          Call Customer
        </a>
      </div>
    </article>
  )
}

/** Pending Reservations (SPEC.md section 2): large parties waiting for a call and an answer. */
export default function PendingPanel() {
  const pending = usePendingReservations()
  const actions = useReservationActions()
  const list = pending.data?.reservations ?? []

  return (
    <section aria-labelledby="pending-title" className="space-y-5">
      <PanelHeader
        titleId="pending-title"
        title={
          <span className="flex flex-wrap items-center gap-3">
            {ADMIN_MESSAGES.pendingTitle}
            {pending.data && <CountBadge count={pending.data.total} label="pending" />}
          </span>
        }
        description="Call the guest, then confirm or decline the booking. The guest is emailed either way."
      />
      {pending.isPending ? (
        <LoadingState />
      ) : pending.isError ? (
        <ErrorState message="The pending bookings could not be loaded." onRetry={() => void pending.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={ADMIN_MESSAGES.pendingEmptyTitle} icon={<PartyPopper className="size-8 text-muted-foreground" aria-hidden="true" />}>
          {ADMIN_MESSAGES.pendingEmptyText}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {list.map((r) => (
            <li key={r.id}>
              <PendingCard reservation={r} onConfirm={() => actions.confirm(r)} onDecline={() => actions.decline(r)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog {...actions.status.dialog} />
    </section>
  )
}
