import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ActiveBooking, DateException, WeeklyHours } from '../../common/availability'
import type { DbOrTx } from '../db/client'
import { events, idempotencyKeys, reservations, type Event, type Reservation } from '../db/schema'

/** Bookings that hold seats. */
export const ACTIVE_STATUSES = ['pending', 'confirmed'] as const
const IDEMPOTENCY_SCOPE = 'reservations'
// A fixed first key for the two-key advisory lock, so these locks never clash with other features'.
const DATE_LOCK_NAMESPACE = 4_2026

export type DayData = {
  weekly: WeeklyHours[]
  exceptions: DateException[]
  bookings: ActiveBooking[]
  /** Whether `holder` already has an active booking at that date and time. */
  duplicate: boolean
}

/**
 * The weekday row, the exception and the active bookings of a date, in one
 * round trip; with a holder, also whether that email already holds the slot.
 */
export async function dayData(
  db: DbOrTx,
  date: string,
  dayOfWeek: number,
  holder?: { email: string; startTime: string },
): Promise<DayData> {
  const duplicate = holder
    ? sql`exists(select 1 from reservations where lower(email) = lower(${holder.email}) and date = ${date}
        and start_time = ${holder.startTime} and status in ('pending', 'confirmed'))`
    : sql`false`
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('dayOfWeek', day_of_week, 'openTime', open_time,
         'closeTime', close_time, 'isClosed', is_closed)), '[]'::json)
         from opening_hours where day_of_week = ${dayOfWeek}) as weekly,
      (select coalesce(json_agg(json_build_object('date', date, 'openTime', open_time,
         'closeTime', close_time, 'isClosed', is_closed)), '[]'::json)
         from hour_exceptions where date = ${date}) as exceptions,
      (select coalesce(json_agg(json_build_object('startTime', start_time, 'partySize', party_size)), '[]'::json)
         from reservations where date = ${date} and status in ('pending', 'confirmed')) as bookings,
      ${duplicate} as duplicate`)
  return result.rows[0] as DayData
}

/** Serialises every booking of one date, across connections and app instances, until the transaction ends. */
export async function lockDate(tx: DbOrTx, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DATE_LOCK_NAMESPACE}, hashtext(${date}))`)
}

export async function hasActiveBookingFor(tx: DbOrTx, email: string, date: string, startTime: string) {
  const rows = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        sql`lower(${reservations.email}) = lower(${email})`,
        eq(reservations.date, date),
        eq(reservations.startTime, startTime),
        inArray(reservations.status, [...ACTIVE_STATUSES]),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** Guests already booked on an event (active bookings). */
export async function eventCovers(tx: DbOrTx, eventId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${reservations.partySize}), 0)::int` })
    .from(reservations)
    .where(and(eq(reservations.eventId, eventId), inArray(reservations.status, [...ACTIVE_STATUSES])))
  return row?.total ?? 0
}

export async function findEvent(db: DbOrTx, id: number): Promise<Event | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1)
  return event
}

export async function insertReservation(tx: DbOrTx, values: typeof reservations.$inferInsert): Promise<Reservation> {
  const [row] = await tx.insert(reservations).values(values).returning()
  return row!
}

/** Records a marketing opt-in (first opt-in kept, last reservation updated, a past unsubscribe lifted). */
export async function upsertMarketingConsent(tx: DbOrTx, email: string, name: string) {
  await tx.execute(sql`
    insert into marketing_consents (email, name, source, last_reservation)
    values (${email}, ${name}, 'booking', now())
    on conflict (lower(email)) do update set
      name = excluded.name, last_reservation = now(), unsubscribed_at = null`)
}

export type StoredResult = { statusCode: number; body: unknown }

export async function findIdempotentResult(db: DbOrTx, key: string): Promise<StoredResult | undefined> {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, `${IDEMPOTENCY_SCOPE}:${key}`), eq(idempotencyKeys.scope, IDEMPOTENCY_SCOPE)))
    .limit(1)
  return row
}

export async function saveIdempotentResult(tx: DbOrTx, key: string, result: StoredResult) {
  await tx.insert(idempotencyKeys).values({
    key: `${IDEMPOTENCY_SCOPE}:${key}`,
    scope: IDEMPOTENCY_SCOPE,
    statusCode: result.statusCode,
    body: result.body,
  })
}
