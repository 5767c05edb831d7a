/**
 * Event Enquiries' filters and sort (SPEC.md section 2), and the texts staff
 * copy: all pure, so the panel and its tests share them.
 */
import { ENQUIRY_STATUSES } from '#common/constants'
import type { AdminEnquiry } from '#common/event-schema'
import { addDays, formatLongDate, formatTime12, isValidDate, isValidTime, zonedParts } from '#common/time'

export const ENQUIRY_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  contacted: 'Contacted',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
}

export type Submitted = 'all' | 'today' | 'week' | 'month'
export type EnquirySort = 'status' | 'newest' | 'oldest'
export type EnquiryFilters = { status: string; event: string; submitted: Submitted; sort: EnquirySort }
export const DEFAULT_ENQUIRY_FILTERS: EnquiryFilters = { status: 'all', event: 'all', submitted: 'all', sort: 'status' }

export const SUBMITTED_OPTIONS = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
] as const
export const SORT_OPTIONS = [
  { value: 'status', label: 'Status (pending first)' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const
export const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s]! }))]

/** The events enquiries were made for, by title, for the event filter. */
export function eventOptions(enquiries: readonly AdminEnquiry[]) {
  const titles = [...new Set(enquiries.map((e) => e.eventTitle))].sort((a, b) => a.localeCompare(b))
  return [{ value: 'all', label: 'All events' }, ...titles.map((t) => ({ value: t, label: t }))]
}

const STATUS_ORDER = new Map<string, number>(ENQUIRY_STATUSES.map((s, i) => [s, i]))
const newestFirst = (a: AdminEnquiry, b: AdminEnquiry) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id

/** The enquiries that pass the filters, sorted; "today" and the last 7 or 30 days are the venue's days. */
export function filterEnquiries(enquiries: readonly AdminEnquiry[], f: EnquiryFilters, today: string, timeZone: string): AdminEnquiry[] {
  const since = f.submitted === 'today' ? today : f.submitted === 'week' ? addDays(today, -6) : f.submitted === 'month' ? addDays(today, -29) : undefined
  const shown = enquiries.filter(
    (e) =>
      (f.status === 'all' || e.status === f.status) &&
      (f.event === 'all' || e.eventTitle === f.event) &&
      (since === undefined || zonedParts(new Date(e.createdAt), timeZone).date >= since),
  )
  const order =
    f.sort === 'oldest'
      ? (a: AdminEnquiry, b: AdminEnquiry) => -newestFirst(a, b)
      : f.sort === 'newest'
        ? newestFirst
        : (a: AdminEnquiry, b: AdminEnquiry) => (STATUS_ORDER.get(a.status) ?? 9) - (STATUS_ORDER.get(b.status) ?? 9) || newestFirst(a, b)
  return shown.sort(order)
}

/**
 * `sorted` in the order staff last saw (`seen`, by id): after a status change
 * the card stays where it was, so the next click does not land on another
 * guest. Enquiries not seen then (new ones) come first, in their sorted order.
 */
export function inSeenOrder(sorted: readonly AdminEnquiry[], seen: readonly number[]): AdminEnquiry[] {
  const place = new Map(seen.map((id, i) => [id, i]))
  return [...sorted.filter((e) => !place.has(e.id)), ...sorted.filter((e) => place.has(e.id)).sort((a, b) => place.get(a.id)! - place.get(b.id)!)]
}

/** An event's date and time as the enquiry holds them, readable: 'Thursday, 17 December 2026 at 7:00 PM'. */
export function eventWhen(e: Pick<AdminEnquiry, 'eventDate' | 'eventTime'>): string {
  const date = e.eventDate ? (isValidDate(e.eventDate) ? formatLongDate(e.eventDate) : e.eventDate) : 'Date not given'
  const time = e.eventTime ? (isValidTime(e.eventTime) ? formatTime12(e.eventTime) : e.eventTime) : ''
  return time ? `${date} at ${time}` : date
}

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`

/** One enquiry as text, for the card's Copy. */
export function enquiryText(e: AdminEnquiry): string {
  return [
    `${e.eventTitle}, ${eventWhen(e)}`,
    `Name: ${e.name}`,
    `Email: ${e.email}`,
    `Phone: ${e.phone}`,
    `Party size: ${people(e.partySize)}`,
    `Status: ${ENQUIRY_STATUS_LABELS[e.status] ?? e.status}`,
    ...(e.specialRequests ? [`Special requests: ${e.specialRequests}`] : []),
  ].join('\n')
}

/** The table summary (SPEC.md section 9): tables are the confirmed enquiries, guests the sum of their party sizes. */
export function tableSummary(enquiries: readonly AdminEnquiry[], heading: string) {
  const confirmed = enquiries.filter((e) => e.status === 'confirmed')
  const guests = confirmed.reduce((sum, e) => sum + e.partySize, 0)
  const lines = confirmed.map((e) => `- ${e.name}: ${people(e.partySize)} (${e.phone})${e.specialRequests ? `. ${e.specialRequests}` : ''}`)
  return { tables: confirmed.length, guests, text: [`Table summary: ${heading}`, `Tables: ${confirmed.length}`, `Guests: ${guests}`, ...lines].join('\n') }
}
