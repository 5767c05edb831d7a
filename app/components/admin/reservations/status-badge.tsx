import { GUEST_CONFIRMATION_LABELS, guestConfirmationOf, type AdminReservation } from '#common/admin-reservations-schema'
import type { ReservationStatus } from '#common/constants'
import { Badge } from '~/components/ui/badge'

const LOOK: Record<ReservationStatus, { label: string; variant: 'success' | 'warning' | 'danger' }> = {
  confirmed: { label: 'Confirmed', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'danger' },
}

/** SPEC.md's status colours: confirmed green, pending yellow, cancelled red; always with the word, never colour alone. */
export function StatusBadge({ status }: { status: ReservationStatus }) {
  const { label, variant } = LOOK[status]
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  )
}

/**
 * Beside a pending large party's status: whether its guest confirmed the
 * request from their email. 'Not confirmed by the guest' holds no seats
 * (docs/decisions/0021); staff may still confirm it, or call the guest.
 */
export function GuestConfirmationBadge({ reservation }: { reservation: Pick<AdminReservation, 'status' | 'holdUntil' | 'guestConfirmedAt'> }) {
  const mark = guestConfirmationOf(reservation, new Date())
  if (!mark) return null
  return (
    <Badge variant={mark === 'not_confirmed' ? 'danger' : 'outline'} data-guest-confirmation={mark}>
      {GUEST_CONFIRMATION_LABELS[mark]}
    </Badge>
  )
}

/** 'Needs a table': an active booking from today on that sits at no table while the venue books tables (issue 34). */
export function NeedsTableBadge({ reservation }: { reservation: Pick<AdminReservation, 'needsTable'> }) {
  if (!reservation.needsTable) return null
  return (
    <Badge variant="warning" data-testid="needs-table">
      Needs a table
    </Badge>
  )
}
