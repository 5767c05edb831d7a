import { eq, getTableColumns } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type { ActiveBooking, DateException, WeeklyHours } from '../../common/availability'
import type { Db, DbOrTx } from '../db/client'
import { sendTogether } from '../db/pipeline'
import { inTransaction, type TransactionEnd } from '../db/transaction'
import * as schema from '../db/schema'
import { events, reservations, type Event, type Reservation } from '../db/schema'
import { countAttemptsQuery, type Attempt, type AttemptCount } from '../http/rate-limit'

// A fixed first key for the two-key advisory lock, so these locks never clash with other features'.
const DATE_LOCK_NAMESPACE = 4_2026
// Bookings that hold seats.
const ACTIVE = `status in ('pending', 'confirmed')`
const COLUMNS = Object.entries(getTableColumns(reservations))
// Every column of a reservation under its field name, so raw rows are `Reservation`s.
export const RESERVATION_FIELDS = COLUMNS.map(([field, column]) => `"${column.name}" as "${field}"`).join(', ')
// The reservation an Idempotency-Key created, as replay_<field> columns (all null when none).
export const REPLAY_COLUMNS = COLUMNS.map(([field, column]) => `replay."${column.name}" as "replay_${field}"`).join(', ')

export type DayData = {
  weekly: WeeklyHours[]
  exceptions: DateException[]
  bookings: ActiveBooking[]
}

/** What a booking reads under the date lock and decides on. */
export type BookingReads = {
  attempt: AttemptCount
  /** The reservation this Idempotency-Key already created. */
  replay?: Reservation
  /** A table booking's day, and whether the guest already holds the slot. */
  day?: DayData & { duplicate: boolean }
  /** An event booking's duplicate check and the guests booked on the event. */
  event?: { duplicate: boolean; covers: number }
}

export type Holder = { email: string; startTime: string }

export type BookingPlan = {
  date: string
  dayOfWeek: number
  holder: Holder
  /** The start times of the date's bookings that can matter to this one (startsThatMatter): all the batch reads. */
  starts: { from: string; to: string }
  eventId?: number
  idempotencyKey?: string
  /** Counted against the client's limit (see AttemptLimit) in the transaction, before the lock. */
  attempt: Attempt
}

/** A reservation to insert: every column the booking sets, as the table defines it. */
export type NewReservation = Required<Omit<typeof reservations.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'reviewEmailSentAt' | 'reminderSentAt' | 'createdBy' | 'changedBy' | 'changedAt'>>

export type BookingWrite = {
  reservation: NewReservation
  consent?: { email: string; name: string }
}

/** Statements that must commit with the reservations just inserted (their outbox rows, say). */
export type AfterInsert = (reservations: Reservation[]) => Promise<pg.QueryConfig[]>

/** Refuses (throws), replays (undefined) or books (a write), from what was read under the lock. */
export type Decide = (reads: BookingReads) => BookingWrite | undefined

export type Booked = { reads: BookingReads; reservation?: Reservation }

/**
 * Read in a booking transaction's first round trip: ids for the reservations
 * it may insert, and the transaction's clock (the created_at its rows get).
 * With them the rows to insert are known whole before the insert, so the
 * statements that commit with them (their emails) go in the same round trip.
 */
export type InsertIds = { ids: number[]; at: Date }

/** Takes `count` reservation ids and the transaction's clock (see InsertIds). An id left unused is a gap, as after a rollback. */
export function reserveIdsQuery(count: number): pg.QueryConfig {
  return {
    name: 'reservations-reserve-ids',
    text: `select now() as at,
      array(select nextval(pg_get_serial_sequence('reservations', 'id'))::int from generate_series(1, $1)) as ids`,
    values: [count],
  }
}

/**
 * A reservation as insertReservationsQuery inserts it, with its id, in a
 * transaction whose clock reads `at`: the row its emails are written from and
 * the guest is answered with (tests/api/reservations.test.ts compares it with
 * the row read back).
 */
export function asInserted(r: NewReservation, id: number, at: Date): Reservation {
  // Field by field, not `{ ...r, id, ... }`: in V8 11 (Node 20) a literal that spreads an object and then
  // adds properties takes a slow path, about 15 µs here, and under load leaves garbage in the old
  // generation (docs/decisions/0013-booking-write-path.md). The return type keeps the list complete.
  return {
    id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    date: r.date,
    startTime: r.startTime,
    partySize: r.partySize,
    additionalInfo: r.additionalInfo,
    foodDrinks: r.foodDrinks,
    receiveOffers: r.receiveOffers,
    status: r.status,
    eventId: r.eventId,
    idempotencyKey: r.idempotencyKey,
    idempotencyFingerprint: r.idempotencyFingerprint,
    createdAt: at,
    updatedAt: at,
    reviewEmailSentAt: null,
    reminderSentAt: null,
    createdBy: 'guest',
    changedBy: null,
    changedAt: null,
  }
}

/**
 * The hours of a date and its active bookings, summed per start time (the
 * capacity rules only add up guests by start time, and a busy Saturday's
 * hundred bookings become a dozen rows), for SQL naming the date and weekday.
 * With `starts` (SQL naming two times), only bookings starting between them,
 * inclusive: a booking needs no more (startsThatMatter), and fewer rows read
 * under the date lock make a shorter wait for the next booking of the date.
 */
export function dayColumns(date: string, dayOfWeek: string, exceptId = 'null', starts?: { from: string; to: string }) {
  const within = starts ? ` and start_time between ${starts.from} and ${starts.to}` : ''
  return `
  (select coalesce(json_agg(json_build_object('dayOfWeek', day_of_week, 'openTime', open_time,
     'closeTime', close_time, 'isClosed', is_closed)), '[]'::json)
     from opening_hours where day_of_week = ${dayOfWeek}) as weekly,
  (select coalesce(json_agg(json_build_object('date', date, 'openTime', open_time,
     'closeTime', close_time, 'isClosed', is_closed)), '[]'::json)
     from hour_exceptions where date = ${date}) as exceptions,
  (select coalesce(json_agg(json_build_object('startTime', start_time, 'partySize', guests)), '[]'::json)
     from (select start_time, sum(party_size)::int as guests from reservations
           where date = ${date}${within} and ${ACTIVE} and id is distinct from ${exceptId} group by start_time) booked) as bookings`
}

/** An active booking of an email at a date and time (at most one row), other than `exceptId`, for SQL naming them. */
export function heldSlotSql(email: string, date: string, startTime: string, exceptId = 'null') {
  return `select id from reservations where lower(email) = lower(${email})
    and date = ${date} and start_time = ${startTime} and ${ACTIVE} and id is distinct from ${exceptId} limit 1`
}

/** Whether an email already holds an active booking at a date and time, for SQL naming them. */
export function duplicateColumn(email: string, date: string, startTime: string) {
  return `exists(${heldSlotSql(email, date, startTime)}) as duplicate`
}

/** Joins `replay` (the reservation an idempotency key created) for SQL naming the key: an index probe per key. */
export function replayJoin(key: string) {
  return `left join lateral (select * from reservations where idempotency_key = ${key} limit 1) replay on true`
}

/** The replay_<field> columns of a row as a reservation, or undefined when there is none. */
export function replayFrom(row: Record<string, unknown>): Reservation | undefined {
  if (row.replay_id === null || row.replay_id === undefined) return undefined
  const replay: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(row)) if (name.startsWith('replay_')) replay[name.slice(7)] = value
  return replay as Reservation
}

/**
 * Runs `work` in a transaction holding the locks of `dates` (the lock guest
 * bookings take): how staff edits and guests' own changes move seats.
 */
export function withDatesLocked<T>(db: Db, dates: string[], work: (client: pg.PoolClient, tx: DbOrTx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (client, end) => {
    await client.query('begin')
    await client.query(lockDatesQuery([...new Set(dates)].sort()))
    const result = await work(client, drizzle(client, { schema }) as unknown as DbOrTx)
    await end.commit()
    return result
  })
}

/** Runs the statements that must commit with a change (its emails, its history), in one round trip. */
export async function runStatements(client: pg.PoolClient, statements: pg.QueryConfig[]) {
  if (statements.length) await sendTogether(client, statements)
}

/** Locks dates (given sorted, so two transactions never wait on each other in a circle). */
export function lockDatesQuery(dates: string[]): pg.QueryConfig {
  return {
    name: 'reservations-lock-dates',
    text: 'select pg_advisory_xact_lock($1, hashtext(d)) is null as locked from unnest($2::text[]) as d',
    values: [DATE_LOCK_NAMESPACE, dates],
  }
}

/**
 * Inserts reservations with the ids reserved for them. Nothing is read back:
 * the caller holds each row as inserted (asInserted), and reading ~20 columns
 * of every row back only made PostgreSQL send them and Node parse them again.
 * The rows go as one JSON parameter: node-postgres escapes every element of an
 * array parameter with two regular expressions, JSON.stringify does it natively.
 */
export function insertReservationsQuery(rows: (NewReservation & { id: number })[]): pg.QueryConfig {
  return {
    name: 'reservations-insert',
    text: `insert into reservations (id, name, email, phone, date, start_time, party_size, additional_info,
        food_drinks, receive_offers, status, event_id, idempotency_key, idempotency_fingerprint)
      select * from json_to_recordset($1::json) as r("id" int, "name" text, "email" text, "phone" text, "date" text,
        "startTime" text, "partySize" int, "additionalInfo" text, "foodDrinks" text, "receiveOffers" bool, "status" text,
        "eventId" int, "idempotencyKey" text, "idempotencyFingerprint" text)`,
    // json_to_recordset takes the keys its column list names and ignores any others a row has.
    values: [JSON.stringify(rows)],
  }
}

/** Records marketing opt-ins (first opt-in kept, last reservation updated, a past unsubscribe lifted). */
export function marketingConsentsQuery(consents: { email: string; name: string }[]): pg.QueryConfig {
  // One row per address: an upsert may not touch the same row twice.
  const byEmail = new Map(consents.map((c) => [c.email.toLowerCase(), c]))
  return {
    name: 'marketing-consents-upsert',
    text: `insert into marketing_consents (email, name, source, last_reservation)
      select email, name, 'booking', now() from unnest($1::text[], $2::text[]) as c(email, name)
      on conflict (lower(email)) do update set
        name = excluded.name, last_reservation = now(), unsubscribed_at = null`,
    values: [[...byEmail.values()].map((c) => c.email), [...byEmail.values()].map((c) => c.name)],
  }
}

/** A date's hours and bookings, for the availability of any party size. */
export async function dayData(db: Db, date: string, dayOfWeek: number): Promise<DayData> {
  const result = await db.$client.query<DayData>({
    name: 'reservations-day-data',
    text: `select ${dayColumns('$1', '$2')}`,
    values: [date, dayOfWeek],
  })
  return result.rows[0]!
}

export async function findEvent(db: DbOrTx, id: number): Promise<Event | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1)
  return event
}

/** The reservation an Idempotency-Key created, if any. */
export async function findByIdempotencyKey(db: Db, key: string): Promise<Reservation | undefined> {
  const result = await db.$client.query<Reservation>({
    name: 'reservations-by-idempotency-key',
    text: `select ${RESERVATION_FIELDS} from reservations where idempotency_key = $1`,
    values: [key],
  })
  return result.rows[0]
}

/** The slot a booking holds for its guest: no two active bookings share one. */
export const slotOf = (email: string, date: string, startTime: string) => `${email.toLowerCase()}|${date}|${startTime}`

/**
 * Inserts accepted bookings (and their opt-ins) with the ids reserved for
 * them, runs `afterInsert`'s statements for the rows as they will be, and
 * ends the transaction: all in one round trip. Returns the reservations as
 * inserted, in the order of `writes`.
 */
export async function insertAndCommit(
  client: pg.PoolClient,
  { committed }: TransactionEnd,
  writes: BookingWrite[],
  reserved: InsertIds,
  afterInsert?: AfterInsert,
): Promise<Reservation[]> {
  const rows = writes.map((w, i) => asInserted(w.reservation, reserved.ids[i]!, reserved.at))
  const consents = writes.flatMap((w) => (w.consent ? [w.consent] : []))
  await sendTogether(client, [
    insertReservationsQuery(rows),
    ...(consents.length ? [marketingConsentsQuery(consents)] : []),
    ...(afterInsert ? await afterInsert(rows) : []),
    'commit',
  ])
  committed()
  return rows
}

/**
 * An event booking, in one transaction and two round trips: BEGIN, count the
 * attempt, lock the event's date, then read the duplicate check, the event's
 * covers and the idempotency key's replay (a statement after the lock sees
 * every booking committed before it: READ COMMITTED takes a snapshot per
 * statement); after `decide`, insert and COMMIT together. A refusal still commits, so
 * the attempt counts.
 */
export async function runEventBooking(db: Db, plan: BookingPlan & { eventId: number }, decide: Decide, afterInsert?: AfterInsert): Promise<Booked> {
  return inTransaction(db, async (client, end) => {
    const [, counted, , read, reserved] = await sendTogether(client, [
      'begin',
      countAttemptsQuery([plan.attempt.key], plan.attempt.windowSeconds, plan.attempt.at),
      lockDatesQuery([plan.date]),
      {
        name: 'reservations-event-booking-reads',
        text: `select (select coalesce(sum(party_size), 0)::int from reservations where event_id = $2 and ${ACTIVE}) as covers,
          ${duplicateColumn('$3', '$1', '$4')}, ${REPLAY_COLUMNS} from (select 1) as one ${replayJoin('$5')}`,
        values: [plan.date, plan.eventId, plan.holder.email, plan.holder.startTime, plan.idempotencyKey ?? null],
      },
      reserveIdsQuery(1),
    ])
    const row = read!.rows[0] as Record<string, unknown>
    const reads: BookingReads = {
      attempt: counted!.rows[0] as AttemptCount,
      replay: replayFrom(row),
      event: { duplicate: row.duplicate as boolean, covers: row.covers as number },
    }
    let write: BookingWrite | undefined
    try {
      write = decide(reads)
    } catch (refusal) {
      await end.commit()
      throw refusal
    }
    if (!write) {
      await end.commit()
      return { reads }
    }
    const [reservation] = await insertAndCommit(client, end, [write], reserved!.rows[0] as InsertIds, afterInsert)
    return { reads, reservation }
  })
}
