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
