/**
 * Closing a weather-dependent area for a date (issue 34 item 6): that date's
 * active bookings seated there are moved to free fitting tables elsewhere at
 * the same time (staff's candidates, best fit, in start-time order), and the
 * rest lose their tables in the area, so All Reservations shows them as
 * 'needs a table'. Runs inside the closure's transaction, under the date's
 * booking lock (floor-plan.ts closeArea takes it), so no guest booking can
 * take the table a moved booking is given meanwhile. Each move writes its
 * audit row and queues ONE email to the guest; the message key carries the
 * date, so closing again (or reopening and closing again) never sends a
 * second one for that date. The answer says exactly who was emailed and who
 * was not (no email address, the template inactive, an earlier message for the
 * date never sent), so staff phone those guests.
 */
import type pg from 'pg'
import { holdsOf } from '#common/tables'
import { NOTHING_RESEATED, type NeedsTableBooking, type NotEmailedBooking, type Reseated } from '#common/tables-schema'
import { formatTime12 } from '#common/time'
import { auditQuery, type Actor } from '../audit/audit'
import type { Reservation } from '../db/schema'
import { bookingSummary, bookingVariables, enqueueMessagesQuery, type OutboxMessage } from '../email/outbox'
import { RESERVATION_FIELDS } from './booking-sql'
import { runStatements } from './reservations-data'
import { readStaffDay, replaceTables, staffBestFit, tablesOfBookings } from './seating'

type Queryable = Pick<pg.PoolClient, 'query'>

// How far a hold may reach when the day is read: the longest a booking can last (as table-assignment.ts).
const LONGEST_VISIT_MINUTES = 720

/** The message that tells a moved guest: one per booking and date, whatever happens to the closure afterwards. */
export function movedInsideMessage(r: Reservation & { email: string }): OutboxMessage {
  const variables = bookingVariables(r)
  return {
    messageKey: `reservation:${r.id}:booking_moved_inside:${r.date}`,
    templateKey: 'booking_moved_inside',
    to: r.email,
    reservationId: r.id,
    data: { variables, summary: bookingSummary(variables), guest: true, manage: { reservationId: r.id, date: r.date }, byStaff: true },
  }
}

/** The date's active bookings holding a table of the area, in start-time order. */
async function bookingsInArea(client: Queryable, areaId: number, date: string): Promise<Reservation[]> {
  const { rows } = await client.query<Reservation>(
    `select ${RESERVATION_FIELDS} from reservations r
      where r.date = $2 and r.status in ('pending', 'confirmed')
        and exists (select 1 from reservation_tables rt join dining_tables t on t.id = rt.table_id where rt.reservation_id = r.id and t.area_id = $1)
      order by r.start_time, r.id`,
    [areaId, date],
  )
  return rows
}

/** Whether the template of the message is there and active: an inactive one would send nothing, so nothing is queued. */
async function movedInsideTemplateActive(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ active: boolean }>(`select is_active as active from email_templates where template_key = 'booking_moved_inside'`)
  return rows[0]?.active === true
}

/** The messages already written for these keys (an earlier closure of the date), with their status. */
async function earlierMessages(client: Queryable, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const { rows } = await client.query<{ key: string; status: string }>('select message_key as key, status from email_outbox where message_key = any($1::text[])', [keys])
  return new Map(rows.map((r) => [r.key, r.status]))
}

/**
 * Re-seats the bookings of a closed area on its date. The closure row must be
 * written already (the day read sees the area closed, so nothing is moved back
 * into it). Answers how many moved and who needs a table.
 */
export async function reseatClosedArea(
  client: Queryable,
  closure: { areaId: number; areaName: string; date: string; reason: string },
  actor: Actor,
  now: Date,
): Promise<Reseated> {
  const bookings = await bookingsInArea(client, closure.areaId, closure.date)
  if (bookings.length === 0) return NOTHING_RESEATED
  const ids = bookings.map((b) => b.id)
  const before = await tablesOfBookings(client, ids)
  // Their tables in the closed area go first: the day read next sees them free of those holds.
  await client.query('delete from reservation_tables rt using dining_tables t where t.id = rt.table_id and t.area_id = $1 and rt.reservation_id = any($2::int[])', [
    closure.areaId,
    ids,
  ])
  const staffDay = await readStaffDay(client, closure.date, null, LONGEST_VISIT_MINUTES, now)
  const needsTable: NeedsTableBooking[] = []
  const statements: pg.QueryConfig[] = []
  const messages: OutboxMessage[] = []
  const movedBookings: Reservation[] = []
  for (const booking of bookings) {
    const was = (before.get(booking.id) ?? []).map((t) => t.name)
    const tableIds = staffBestFit(booking, booking.durationMinutes, staffDay)
    if (!tableIds) {
      needsTable.push({ id: booking.id, name: booking.name, time: formatTime12(booking.startTime), partySize: booking.partySize })
      statements.push(
        auditQuery(actor, {
          action: 'tables',
          entityType: 'reservation',
          entityId: booking.id,
          summary: `left the booking of ${booking.name}, ${booking.partySize} at ${formatTime12(booking.startTime)}, needing a table: ${closure.areaName} closed (${closure.reason})`,
          before: { tables: was },
          after: { tables: [] },
        }),
      )
      continue
    }
    await replaceTables(client, booking.id, tableIds)
    // The next booking of the date sees this one's tables taken.
    staffDay.holds.push(...holdsOf(booking.id, tableIds, booking.startTime, booking.durationMinutes).map((h) => ({ ...h, ...booking })))
    const seatedAt = tableIds.map((id) => staffDay.plan.tableById.get(id)!.name)
    movedBookings.push(booking)
    statements.push(
      auditQuery(actor, {
        action: 'tables',
        entityType: 'reservation',
        entityId: booking.id,
        summary: `moved the booking of ${booking.name}, ${booking.partySize} at ${formatTime12(booking.startTime)}, from ${was.join(' + ')} to ${seatedAt.join(' + ')}: ${closure.areaName} closed (${closure.reason})`,
        before: { tables: was },
        after: { tables: seatedAt },
      }),
    )
  }
  // Who is told by email: a guest with an address, when the template is active, unless an earlier closure told them.
  const templateActive = movedBookings.length > 0 && (await movedInsideTemplateActive(client))
  const earlier = await earlierMessages(
    client,
    movedBookings.flatMap((b) => (b.email ? [movedInsideMessage({ ...b, email: b.email }).messageKey] : [])),
  )
  const notEmailed: NotEmailedBooking[] = []
  let alreadyEmailed = 0
  for (const booking of movedBookings) {
    const seen = { id: booking.id, name: booking.name, time: formatTime12(booking.startTime), partySize: booking.partySize }
    const message = booking.email ? movedInsideMessage({ ...booking, email: booking.email }) : null
    const status = message ? earlier.get(message.messageKey) : undefined
    if (!message) notEmailed.push({ ...seen, reason: 'no_email' })
    else if (status === 'sent' || status === 'pending') alreadyEmailed++
    else if (status) notEmailed.push({ ...seen, reason: 'earlier_not_sent' })
    else if (!templateActive) notEmailed.push({ ...seen, reason: 'template_inactive' })
    else messages.push(message)
  }
  // Changed by staff, as a table change in All Reservations is (tables are not among the fields its version counts).
  await client.query(`update reservations set updated_at = $2, changed_by = 'staff', changed_at = $2 where id = any($1::int[])`, [ids, now])
  if (messages.length) statements.push(enqueueMessagesQuery(messages))
  await runStatements(client as pg.PoolClient, statements)
  return { moved: movedBookings.length, emailed: messages.length, alreadyEmailed, notEmailed, needsTable }
}
