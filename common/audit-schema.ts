/**
 * The audit trail as the API answers it and the Audit Log panel shows it:
 * one line per change ('Sat 20 Dec 19:42 — sam (staff) cancelled the booking
 * of J. Smith, 8 guests, 19:30'), with the changed fields before and after.
 */
import { z } from 'zod'
import { wholeNumber } from './fields-schema'
import { isValidDate } from './time'

export type AuditEntryView = {
  id: number
  at: string
  userId: number | null
  username: string
  role: string
  action: string
  entityType: string
  entityId: string | null
  summary: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  address: string | null
}

export type AuditPage = { entries: AuditEntryView[]; nextCursor: string | null }

/** A booking's own entry, as its details dialog shows it (GET /api/admin/reservations/{id}/audit): no request address. */
export type BookingAuditEntry = Omit<AuditEntryView, 'address'>
/** The most entries a booking's details show (a booking changed more often than this is a story for the Audit Log). */
export const BOOKING_AUDIT_LIMIT = 100

export const AUDIT_PAGE_SIZE = 50

/**
 * What each kind of record is called in the filters, by the `entity_type` its
 * changes are written under (tests/api/audit-every-change.test.ts checks the
 * two lists against each other).
 */
export const AUDIT_ENTITY_TYPES: Record<string, string> = {
  reservation: 'Bookings',
  waitlist_entry: 'Waitlist',
  walk_in_queue: 'Walk-in queue',
  guest: 'Guests',
  event: 'Events',
  event_enquiry: 'Event enquiries',
  opening_hours: 'Opening hours',
  hour_exception: 'Hour exceptions',
  area: 'Areas',
  table: 'Tables',
  table_combination: 'Table combinations',
  turn_times: 'Turn times',
  menu_section: 'Menus',
  cocktails: 'Cocktails page',
  hero_slide: 'Hero slides',
  email_template: 'Email templates',
  email_outbox: 'Emails',
  setting: 'Settings',
  marketing_list: 'Marketing list',
  media: 'Uploads',
  user: 'Staff accounts and sign-ins',
}

const DateParam = z
  .string()
  .refine((v) => isValidDate(v), 'Dates are YYYY-MM-DD')
  .optional()

export const AuditLogQuerySchema = z.object({
  entityType: z.string().max(40).regex(/^[a-z_]+$/, 'entityType is lower-case letters and underscores').optional(),
  entityId: z.string().max(100).optional(),
  userId: wholeNumber({ min: 1, max: 2_147_483_647, message: 'userId must be a staff account id' }).optional(),
  from: DateParam,
  to: DateParam,
  cursor: z.string().max(100).regex(/^\d+$/, 'cursor is invalid').optional(),
  limit: wholeNumber({ min: 1, max: 200, message: 'limit must be from 1 to 200' }).optional(),
})
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>

/** 'sam (staff)', 'guest', 'system'. */
export const auditWho = (e: Pick<AuditEntryView, 'username' | 'role'>) =>
  e.role === 'guest' || e.role === 'system' ? e.username : `${e.username} (${e.role})`

/** 'Sat 20 Dec 19:42' in the venue's zone. */
export function auditWhen(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('hour')}:${get('minute')}`
}

/** The whole line: 'Sat 20 Dec 19:42 — sam (staff) cancelled the booking of J. Smith, 8 guests, 19:30'. */
export const auditLine = (e: AuditEntryView, timeZone: string) => `${auditWhen(e.at, timeZone)} — ${auditWho(e)} ${e.summary}`
