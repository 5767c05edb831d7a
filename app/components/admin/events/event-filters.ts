/** Events Management's filters (SPEC.md section 2): month by index, status, event type and booking type. */
import type { AdminEvent } from '#common/event-schema'
import { MONTH_NAMES } from '#common/time'

export const EVENT_TYPE_LABELS: Record<string, string> = {
  live_music: 'Live Music',
  quiz_night: 'Quiz Night',
  wine_tasting: 'Wine Tasting',
  special_event: 'Special Event',
  private_hire: 'Private Hire',
  other: 'Other',
}
export const EVENT_STATUS_LABELS: Record<string, string> = { published: 'Published', draft: 'Draft', cancelled: 'Cancelled' }
export const BOOKING_TYPE_LABELS: Record<string, string> = { table: 'Table booking', enquiry: 'Enquiry booking' }

export type EventFilters = { month: string; status: string; type: string; booking: string }
export const NO_FILTERS: EventFilters = { month: 'all', status: 'all', type: 'all', booking: 'all' }

const all = (label: string) => ({ value: 'all', label })
export const FILTER_OPTIONS = {
  month: [all('All'), ...MONTH_NAMES.map((name, index) => ({ value: String(index), label: name }))],
  status: [all('All statuses'), ...['published', 'draft', 'cancelled'].map((s) => ({ value: s, label: EVENT_STATUS_LABELS[s]! }))],
  type: [
    all('All types'),
    ...['live_music', 'quiz_night', 'wine_tasting', 'special_event', 'private_hire'].map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t]! })),
  ],
  booking: [all('All booking types'), { value: 'table-booking', label: 'Table booking' }, { value: 'enquiry-booking', label: 'Enquiry booking' }],
} as const

export const isFiltered = (f: EventFilters) => f.month !== 'all' || f.status !== 'all' || f.type !== 'all' || f.booking !== 'all'

/** The events that pass every filter; a month is its index 0-11, matched on the event's date in any year. */
export function filterEvents(events: readonly AdminEvent[], f: EventFilters): AdminEvent[] {
  return events.filter(
    (e) =>
      (f.month === 'all' || Number(e.date.slice(5, 7)) - 1 === Number(f.month)) &&
      (f.status === 'all' || (e.status || 'published') === f.status) &&
      (f.type === 'all' || e.type === f.type) &&
      (f.booking === 'all' || `${e.bookingType}-booking` === f.booking),
  )
}
