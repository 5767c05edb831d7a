import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { ADMIN_RESERVATION_MESSAGES, type AdminReservation, type ReservationHistoryEntry } from '#common/admin-reservations-schema'
import { auditWhen, auditWho, type BookingAuditEntry } from '#common/audit-schema'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import { formatInstant, formatLongDate, formatTime12 } from '#common/time'
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { fetchReservationAudit, fetchReservationHistory, reservationKeys } from '~/lib/queries/reservations'
import { telHref } from '~/lib/tel'
import { AdminContext } from '../admin-context'
import { DetailRow } from '../panel'
import { freeAgainAt, seatingText } from './seating-text'
import { GuestConfirmationBadge, StatusBadge } from './status-badge'

/**
 * View details (SPEC.md section 2): the card's fields plus the additional information and when it was booked;
 * where the venue books tables, the party's table and until when it holds it, or that it still needs one.
 */
export function ReservationDetails({ reservation: r, onOpenChange }: { reservation: AdminReservation | null; onOpenChange: (open: boolean) => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  return (
    <Dialog open={r !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {r && (
          <>
            <DialogHeader>
              <DialogTitle>{r.name}</DialogTitle>
            </DialogHeader>
            <dl>
              <DetailRow label="Status">
                <StatusBadge status={r.status} /> <GuestConfirmationBadge reservation={r} />
              </DetailRow>
              <DetailRow label="Date">{formatLongDate(r.date)}</DetailRow>
              <DetailRow label="Time">{formatTime12(r.startTime)}</DetailRow>
              <DetailRow label="Party size">{r.partySize}</DetailRow>
              {(r.tables.length > 0 || r.needsTable) && (
                <DetailRow label={r.tables.length > 1 ? 'Tables' : 'Table'}>
                  {seatingText(r)}
                  {r.tables.length > 0 && `, until ${formatTime12(freeAgainAt(r))}`}
                </DetailRow>
              )}
              <DetailRow label="Email">
                {r.email ? (
                  <a className="underline" href={`mailto:${r.email}`}>
                    {r.email}
                  </a>
                ) : (
                  ADMIN_RESERVATION_MESSAGES.noEmail
                )}
              </DetailRow>
              <DetailRow label="Phone">
                {r.phone ? (
                  <a className="underline" href={telHref(r.phone)}>
                    {r.phone}
                  </a>
                ) : (
                  'None'
                )}
              </DetailRow>
              <DetailRow label="Preference">{FOOD_DRINKS_LABELS[r.foodDrinks]}</DetailRow>
              <DetailRow label="Additional information">{r.additionalInfo || 'None'}</DetailRow>
              <DetailRow label="Booked at">{formatInstant(r.createdAt, venueTimezone)}</DetailRow>
              {r.updatedAt !== r.createdAt && <DetailRow label="Last changed">{formatInstant(r.updatedAt, venueTimezone)}</DetailRow>}
              <DetailRow label="Offers by email">{r.receiveOffers ? 'Yes' : 'No'}</DetailRow>
            </dl>
            <History reservation={r} timeZone={venueTimezone} />
            <Changes reservation={r} timeZone={venueTimezone} />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

const WHO: Record<ReservationHistoryEntry['actor'], string> = { guest: 'by the guest', staff: 'by staff', system: '' }

/** A history line in words: 'Changed by the guest', 'Reminder sent'. */
function historyLabel(e: ReservationHistoryEntry): string {
  switch (e.kind) {
    case 'created':
      return e.actor === 'staff' ? 'Booked by staff' : 'Booked online by the guest'
    case 'confirmed':
      return 'Confirmed by staff'
    case 'reinstated':
      return 'Made active again by staff'
    case 'reminder_sent':
      return 'Reminder sent'
    case 'review_requested':
      return 'Review requested'
    case 'cancelled':
      return e.detail === 'declined' ? 'Declined by staff' : `Cancelled ${WHO[e.actor]}`
    case 'changed':
      return `Changed ${WHO[e.actor]}`
  }
}

/** The booking's story, oldest first, so staff can answer 'did they get a reminder?' or 'who moved this?'. */
function History({ reservation, timeZone }: { reservation: AdminReservation; timeZone: string }) {
  const history = useQuery({
    queryKey: [...reservationKeys.history(reservation.id), reservation.updatedAt],
    queryFn: () => fetchReservationHistory(reservation.id),
  })
  return (
    <section aria-labelledby="history-heading" className="mt-4 border-t border-border pt-4">
      <h3 id="history-heading" className="text-sm font-semibold">
        History
      </h3>
      {history.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          Loading history...
        </p>
      ) : history.isError ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          Could not load the history. Close and open the details to try again.
        </p>
      ) : (
        <ol className="mt-2 grid gap-2 text-sm">
          {history.data.map((e, i) => (
            <li key={i} className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
              <time dateTime={e.at} className="text-muted-foreground">
                {formatInstant(e.at, timeZone)}
              </time>
              <span>
                <span className="font-semibold">{historyLabel(e)}</span>
                {e.detail && e.detail !== 'declined' && <span className="text-muted-foreground">: {e.detail}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  date: 'Date',
  startTime: 'Time',
  partySize: 'Party size',
  additionalInfo: 'Additional information',
  foodDrinks: 'Preference',
  status: 'Status',
}

/** A changed field's value as the details show it. */
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '(empty)' : String(value))

/** The fields a change touched: 'partySize: 2 → 5'. */
function ChangedFields({ entry }: { entry: BookingAuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  if (keys.length === 0 || (entry.before && entry.after === null) || (entry.before === null && entry.after)) return null
  return (
    <ul className="mt-1 grid gap-0.5 text-muted-foreground">
      {keys.map((key) => (
        <li key={key} className="break-words">
          {FIELD_LABELS[key] ?? key}: {shown(entry.before?.[key])} → {shown(entry.after?.[key])}
        </li>
      ))}
    </ul>
  )
}

/**
 * Who changed the booking, newest first: its own audit entries ('Sat 20 Dec
 * 19:42 — sam (staff) cancelled the booking of ...'), open to everyone who
 * reads bookings, so the floor can ask the right person (docs/decisions/0020).
 */
function Changes({ reservation, timeZone }: { reservation: AdminReservation; timeZone: string }) {
  const audit = useQuery({
    queryKey: [...reservationKeys.audit(reservation.id), reservation.version],
    queryFn: () => fetchReservationAudit(reservation.id),
  })
  return (
    <section aria-labelledby="changes-heading" className="mt-4 border-t border-border pt-4">
      <h3 id="changes-heading" className="text-sm font-semibold">
        Who changed it
      </h3>
      {audit.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          Loading changes...
        </p>
      ) : audit.isError ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          Could not load who changed this booking. Close and open the details to try again.
        </p>
      ) : audit.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nobody has changed this booking in the back-office or with the guest's link.</p>
      ) : (
        <ol className="mt-2 grid gap-2 text-sm" data-testid="booking-audit">
          {audit.data.map((e) => (
            <li key={e.id} data-testid="booking-audit-line">
              <time dateTime={e.at} className="text-muted-foreground">
                {auditWhen(e.at, timeZone)}
              </time>{' '}
              — <span className="font-semibold">{auditWho(e)}</span> {e.summary}
              <ChangedFields entry={e} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
