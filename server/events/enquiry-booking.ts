/**
 * 'Make a booking' from an event enquiry (issue 36): the staff booking names
 * the enquiry (`enquiryId`), and in the booking's own transaction the enquiry
 * is locked, checked (it exists, it has no booking yet), linked to the new
 * booking and given the status that follows from it, with its audit row.
 */
import type pg from 'pg'
import { EVENT_MESSAGES as M } from '#common/event-schema'
import type { EnquiryStatus, ReservationStatus } from '#common/constants'
import { auditQuery, changedFields, type Actor } from '../audit/audit'
import { ConflictError, ValidationError } from '../domain-errors'

type EnquiryRow = { id: number; name: string; eventTitle: string; status: string; reservationId: number | null }

/**
 * The enquiry's status once it has a booking: confirmed with a confirmed
 * booking, cancelled with a cancelled one, and 'contacted' while the booking
 * is still pending (staff have acted on it, so it no longer counts as new).
 */
export function enquiryStatusForBooking(status: ReservationStatus): EnquiryStatus {
  return status === 'pending' ? 'contacted' : status
}

/** Locks the enquiry a booking is made from: 400 when it no longer exists, 409 when it has a booking already. */
export async function lockEnquiryForBooking(client: Pick<pg.ClientBase, 'query'>, id: number): Promise<EnquiryRow> {
  const { rows } = await client.query<EnquiryRow>(
    `select id, name, event_title as "eventTitle", status, reservation_id as "reservationId" from event_enquiries where id = $1 for update`,
    [id],
  )
  const enquiry = rows[0]
  if (!enquiry) throw new ValidationError(M.enquiryForBooking, { enquiryId: M.enquiryForBooking })
  if (enquiry.reservationId !== null) throw new ConflictError(M.enquiryBooked, 'enquiry_booked')
  return enquiry
}

/** The enquiry linked to its new booking, and its audit row: statements sent with the booking's COMMIT. */
export function linkEnquiryStatements(
  actor: Actor,
  enquiry: EnquiryRow,
  booking: { id: number; status: string; date: string; startTime: string },
  now: Date,
): pg.QueryConfig[] {
  const status = enquiryStatusForBooking(booking.status as ReservationStatus)
  const after = { ...enquiry, reservationId: booking.id, status }
  return [
    {
      text: `update event_enquiries set reservation_id = $2, status = $3, updated_at = $4 where id = $1`,
      values: [enquiry.id, booking.id, status, now],
    },
    auditQuery(actor, {
      action: 'book',
      entityType: 'event_enquiry',
      entityId: enquiry.id,
      summary: `made booking #${booking.id} (${booking.date} ${booking.startTime}) from the enquiry of ${enquiry.name} for ${enquiry.eventTitle}`,
      ...changedFields(enquiry, after),
    }),
  ]
}
