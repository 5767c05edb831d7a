/**
 * Existing bookings moved onto tables (issue 34): once a venue that sold
 * covers draws its plan, every active booking from today on that sits at no
 * table is given the best free fit (staff's candidates: any table in use,
 * outside closed areas), in time order, for the turn time it was made with.
 * Those that fit nowhere are listed, never dropped: All Reservations shows
 * them as 'needs a table'. Run by the seed after it draws a plan, and by
 * `npm run tables -- assign`. Each date is done under its booking lock, and
 * each booking seated writes its audit row in that date's transaction.
 */
import { holdsOf } from '#common/tables'
import { formatShortDate, formatTime12 } from '#common/time'
import type { VisitState } from '#common/visit'
import { auditQuery, SYSTEM, type Actor } from '../audit/audit'
import type { Db } from '../db/client'
import { withDatesLocked } from './reservations-data'
import { readStaffDay, replaceTables, staffBestFit, venueBooksTables } from './seating'

export type WaitingBooking = { id: number; name: string; date: string; startTime: string; partySize: number; durationMinutes: number; visitState: VisitState }
export type TableAssignment = { assigned: (WaitingBooking & { tables: string[] })[]; unplaced: WaitingBooking[] }

// How far a hold may reach when the day is read: the longest a booking can last.
const LONGEST_VISIT_MINUTES = 720

const WAITING = `status in ('pending', 'confirmed') and event_id is null
  and not exists (select 1 from reservation_tables rt where rt.reservation_id = r.id)`

export async function assignWaitingBookings(
  db: Db,
  { today, now = new Date(), actor = SYSTEM }: { today: string; now?: Date; actor?: Actor },
): Promise<TableAssignment> {
  const result: TableAssignment = { assigned: [], unplaced: [] }
  if (!(await venueBooksTables(db.$client))) return result
  const { rows: dates } = await db.$client.query<{ date: string }>(
    `select distinct date from reservations r where ${WAITING} and date >= $1 order by date`,
    [today],
  )
  for (const { date } of dates) {
    await withDatesLocked(db, [date], now, async (client) => {
      // The date's bookings to seat, read under its lock: one cancelled, moved or seated by staff meanwhile is as they left it.
      const { rows } = await client.query<WaitingBooking>(
        `select id, name, date, start_time as "startTime", party_size as "partySize", duration_minutes as "durationMinutes",
                visit_state as "visitState"
           from reservations r
          where ${WAITING} and date = $1
          order by start_time, id`,
        [date],
      )
      const staffDay = await readStaffDay(client, date, null, LONGEST_VISIT_MINUTES, now)
      for (const booking of rows) {
        const tableIds = staffBestFit(booking, booking.durationMinutes, staffDay)
        if (!tableIds) {
          result.unplaced.push(booking)
          continue
        }
        await replaceTables(client, booking.id, tableIds)
        // The next booking of the date sees this one's tables taken.
        staffDay.holds.push(...holdsOf(booking.id, tableIds, booking.startTime, booking.durationMinutes).map((h) => ({ ...h, ...booking })))
        const tables = tableIds.map((id) => staffDay.plan.tableById.get(id)!.name)
        await client.query(
          auditQuery(actor, {
            action: 'tables',
            entityType: 'reservation',
            entityId: booking.id,
            summary: `seated the booking of ${booking.name}, ${booking.partySize} at ${formatTime12(booking.startTime)} on ${formatShortDate(booking.date)}, at ${tables.join(' + ')}: it had no table`,
            before: { tables: [] },
            after: { tables },
          }),
        )
        result.assigned.push({ ...booking, tables })
      }
    })
  }
  return result
}
