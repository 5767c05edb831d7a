/**
 * Tables for staff (issue 34): the day staff decide on (with the names of the
 * bookings holding each table), the tables they name checked against it, the
 * best fit when they name none, and a booking's tables replaced. The rules
 * themselves are common/tables.ts's, the same the guest's booking uses; staff
 * may also seat tables guests cannot book online. Everything here runs under
 * the date locks of the change (withDatesLocked).
 */
import type pg from 'pg'
import type { BookedTable } from '#common/admin-reservations-schema'
import { inUseOn, seatParty, tableTakenMessage, timeRange, type FloorPlan, type PreparedPlan } from '#common/tables'
import { formatDayShort } from '#common/tables-schema'
import { dayOfWeek, formatLongDate, formatTime12 } from '#common/time'
import { ConflictError, DomainError, ValidationError } from '../domain-errors'
import { dayWithoutQuery, insertReservationTablesQuery } from './booking-sql'
import { dayOf, planOf, type DayData, type DayRow, type NamedHold } from './reservations-data'

type Queryable = Pick<pg.Pool, 'query'>

/** A date as staff decide on it: the day (its tables when the venue books them), the plan, and the holds with their bookings' names. */
export type StaffDay = { day: DayData; plan: PreparedPlan; holds: NamedHold[]; closedAreaIds: number[] }

/**
 * Reads a date, the booking `exceptId` (one being changed) left out of its
 * seats and tables; the seats held at `now` (a large party's unconfirmed
 * request stops holding them after its 30 minutes, decision 21).
 */
export async function readStaffDay(client: Queryable, date: string, exceptId: number | null, fallbackMinutes: number, now: Date): Promise<StaffDay> {
  const { rows } = await client.query<DayRow & FloorPlan>(dayWithoutQuery(date, dayOfWeek(date), exceptId, now, fallbackMinutes))
  const row = rows[0]!
  const plan = planOf(row)
  return { day: dayOf(row, plan), plan, holds: row.holds as NamedHold[], closedAreaIds: row.closedAreaIds }
}

/**
 * Refuses tables staff name for a booking at a time: 400 for a table that does
 * not exist or is not in use, 409 naming the booking that holds one of them at
 * some moment of the visit. Never overridden: staff move that booking first.
 */
export function checkNamedTables(tableIds: readonly number[], at: { date: string; startTime: string }, durationMinutes: number, staffDay: StaffDay): void {
  const [start, end] = timeRange(at.startTime, durationMinutes)
  for (const id of tableIds) checkTableInUse(id, at.date, staffDay)
  for (const id of tableIds) {
    const holder = staffDay.holds.find((h) => h.tableId === id && h.start < end && start < h.end)
    if (holder) {
      const message = tableTakenMessage(staffDay.plan.tableById.get(id)!.name, holder)
      throw new DomainError('conflict', message, { tableIds: message }, 'table_taken')
    }
  }
}

/**
 * Refuses (400) a table staff name that does not exist, is inactive, is in an
 * inactive area, or is out of use from `date` or earlier.
 */
export function checkTableInUse(id: number, date: string, staffDay: StaffDay): void {
  const table = staffDay.plan.tableById.get(id)
  if (!table) throw new ValidationError(`There is no table ${id}.`, { tableIds: `There is no table ${id}.` })
  if (!table.isActive || staffDay.plan.areaById.get(table.areaId)?.isActive !== true) {
    throw new ValidationError(`${table.name} is not in use.`, { tableIds: `${table.name} is not in use.` })
  }
  if (!inUseOn(table, date)) {
    const message = `${table.name} is out of use from ${formatDayShort(table.outOfUseFrom!)}.`
    throw new ValidationError(message, { tableIds: message })
  }
}

/** The best free table or combination for staff (any, online-bookable or not, outside closed areas), or undefined. */
export function staffBestFit(
  at: { date: string; startTime: string; partySize: number },
  durationMinutes: number,
  staffDay: StaffDay,
): readonly number[] | undefined {
  if (!staffDay.day.tables) return undefined
  const seating = seatParty(at, staffDay.day.tables, { staff: true, fallbackMinutes: durationMinutes, durationMinutes })
  return seating.ok ? seating.tableIds : undefined
}

/** The 409 when staff save a booking no free table takes: they name one, or save anyway and it needs a table. */
export function noTableError(at: { date: string; startTime: string; partySize: number }): ConflictError {
  return new ConflictError(
    `No table or combination for ${at.partySize} is free at ${formatTime12(at.startTime)} on ${formatLongDate(at.date)}: choose a table, or save anyway and it will show as 'needs a table'.`,
    'no_table',
  )
}

/** Replaces a booking's tables: the old rows go first, so the exclusion constraint never sees it twice. */
export async function replaceTables(client: Queryable, reservationId: number, tableIds: readonly number[]): Promise<void> {
  await client.query('delete from reservation_tables where reservation_id = $1', [reservationId])
  if (tableIds.length) await client.query(insertReservationTablesQuery(tableIds.map((tableId) => ({ reservationId, tableId }))))
}

/** The tables of some bookings, in the plan's order, keyed by booking. */
export async function tablesOfBookings(client: Queryable, ids: number[]): Promise<Map<number, BookedTable[]>> {
  const found = new Map<number, BookedTable[]>()
  if (ids.length === 0) return found
  const { rows } = await client.query<BookedTable & { reservationId: number }>(
    `select rt.reservation_id as "reservationId", t.id, t.name, a.name as area
       from reservation_tables rt join dining_tables t on t.id = rt.table_id join areas a on a.id = t.area_id
      where rt.reservation_id = any($1::int[]) order by a.sort_order, t.sort_order, t.id`,
    [ids],
  )
  for (const { reservationId, id, name, area } of rows) {
    if (!found.has(reservationId)) found.set(reservationId, [])
    found.get(reservationId)!.push({ id, name, area })
  }
  return found
}

/** Whether the venue books tables: an active table in an active area (common/tables.ts preparePlan says the same). */
export async function venueBooksTables(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ books: boolean }>(
    'select exists(select 1 from dining_tables t join areas a on a.id = t.area_id where t.is_active and a.is_active) as books',
  )
  return rows[0]!.books
}

/** Whether PostgreSQL's exclusion constraint refused an overlap: told to staff as a table taken meanwhile. */
export function tableTakenMeanwhile(): ConflictError {
  return new ConflictError('One of those tables was taken by another booking meanwhile. Please look again and choose another.', 'table_taken')
}
