import { Badge } from '~/components/ui/badge'
import { ENQUIRY_STATUS_LABELS } from './enquiry-filters'

const LOOK: Record<string, 'success' | 'warning' | 'danger' | 'secondary'> = {
  pending: 'warning',
  contacted: 'secondary',
  confirmed: 'success',
  cancelled: 'danger',
}

/** An enquiry's status in words and colour (never colour alone). */
export function EnquiryStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={LOOK[status] ?? 'outline'} data-status={status}>
      {ENQUIRY_STATUS_LABELS[status] ?? status}
    </Badge>
  )
}
