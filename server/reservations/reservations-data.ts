import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { BOOKING_CONSENT_WORDING } from '#common/guests'
import type { ActiveBooking, DateException, WeeklyHours } from '#common/availability'
import type { GuestCounts } from './booking-decision'
import { preparePlan, type FloorPlan, type PreparedPlan, type TableHold, type TablesDay } from '#common/tables'
import type { VisitState } from '#common/visit'
import type { Db, DbOrTx } from '../db/client'
import { sendTogether } from '../db/pipeline'
import { inTransaction, type TransactionEnd } from '../db/transaction'
import * as schema from '../db/schema'
import { events, type Event, type Reservation } from '../db/schema'
import { countAttemptsQuery, type Attempt, type AttemptCount } from '../rate-limits/attempts'
import { challengeCountsQueries, challengeCountsFrom, type HourlyKeys } from '../rate-limits/challenge'
import {
  asInserted,
  byIdempotencyKeyQuery,
  dayDataQuery,
  eventReadsQuery,
  insertReservationsQuery,
  insertReservationTablesQuery,
  lockDatesQuery,
  marketingConsentsQuery,
  releaseLapsedTablesQuery,
  replayFrom,
  reserveIdsQuery,
  type InsertIds,
  type NewReservation,
} from './booking-sql'

export type DayData = {
  weekly: WeeklyHours[]
  exceptions: DateException[]
  bookings: ActiveBooking[]
  /** The floor plan and the date's holds (issue 34); the venue books tables when the plan has an active table. */
  tables?: TablesDay
}

/** A date as the day reads give it: hours, bookings, and the tables' side (closures and holds). */
export type DayRow = {
  weekly: WeeklyHours[]
  exceptions: DateException[]
  bookings: ActiveBooking[]
  closedAreaIds: number[]
  holds: TableHold[]
}

/** A hold with its booking's name, party, times and visit, for staff's messages and seating now (dayWithoutQuery). */
export type NamedHold = TableHold & { name: string; partySize: number; startTime: string; date: string; visitState: VisitState }

/** The floor plan as its JSON columns (PLAN_COLUMNS of booking-sql.ts) give it. */
export function planOf(row: FloorPlan): PreparedPlan {
  return preparePlan({ areas: row.areas, tables: row.tables, combinations: row.combinations, turnTimes: row.turnTimes })
}

/** A day to decide on, from its row and the plan: field by field (see asInserted, booking-sql.ts, on spreads). */
export function dayOf(row: DayRow, plan: PreparedPlan): DayData {
  return {
    weekly: row.weekly,
    exceptions: row.exceptions,
    bookings: row.bookings,
    tables: plan.booksTables ? { plan, closedAreaIds: row.closedAreaIds, holds: row.holds } : undefined,
  }
}

/**
 * The hourly counts the proof-of-work challenge is required by (challenge.ts):
 * this client's booking attempts and the whole site's, and how often the
 * solution sent (if any) has been used, this use included.
 */
export type ChallengeCounts = { client: number; site: number; solutionUses: number }

/** What a booking reads under the date lock and decides on. */
export type BookingReads = {
  attempt: AttemptCount
  challenge: ChallengeCounts
  /** The reservation this Idempotency-Key already created. */
  replay?: Reservation
  /** A table booking's day, whether the guest already holds the slot, and their bookings on the date (the batch's earlier ones included). */
  day?: DayData & { duplicate: boolean; guest: GuestCounts }
  /** An event booking's duplicate check, the guests booked on the event, and the guest's bookings on the date. */
  event?: { duplicate: boolean; covers: number; guest: GuestCounts }
}

/** Who books: the email and time a duplicate is looked for, and the keys the per-guest limits count (client: the address's key). */
export type Holder = { email: string; startTime: string; phoneKey: string; clientKey: string }

export type BookingPlan = {
  date: string
  dayOfWeek: number
  holder: Holder
  /** The party's size: with its turn time, how far the tables' holds the batch reads reach. */
  partySize: number
  /** The start times of the date's bookings that can matter to this one (startsThatMatter): all the batch reads. */
  starts: { from: string; to: string }
  /** The booking_duration_minutes setting: the turn time where no rule covers a party, and how far holds may reach. */
  turnFallback: number
  eventId?: number
  idempotencyKey?: string
  /** Counted against the client's limit (see AttemptLimit) in the transaction, before the lock. */
  attempt: Attempt
  /** The hourly counters the challenge is required by, and the solution's key when one was sent and verified (challenge.ts). */
  hourly: HourlyKeys
}

export type BookingWrite = {
  reservation: NewReservation
  consent?: { email: string; name: string }
  /** The tables it sits at (issue 34), linked in the insert's round trip. */
  tableIds?: readonly number[]
}

/** Statements that must commit with the reservations just inserted (their outbox rows, say). */
export type AfterInsert = (reservations: Reservation[]) => Promise<pg.QueryConfig[]>

/** Refuses (throws), replays (undefined) or books (a write), from what was read under the lock. */
export type Decide = (reads: BookingReads) => BookingWrite | undefined

export type Booked = { reads: BookingReads; reservation?: Reservation }

/**
 * Runs `work` in a transaction holding the locks of `dates` (the lock guest
 * bookings take): how staff edits and guests' own changes move seats. The
 * tables of requests whose hold ran out by `now` are let go first.
 */
export function withDatesLocked<T>(db: Db, dates: string[], now: Date, work: (client: pg.PoolClient, tx: DbOrTx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (client, end) => {
    const locked = [...new Set(dates)].sort()
    await sendTogether(client, ['begin', lockDatesQuery(locked), releaseLapsedTablesQuery(locked, now)])
    const result = await work(client, drizzle(client, { schema }) as unknown as DbOrTx)
    await end.commit()
    return result
  })
}

/** Runs the statements that must commit with a change (its emails, its history), in one round trip. */
export async function runStatements(client: pg.PoolClient, statements: pg.QueryConfig[]) {
  if (statements.length) await sendTogether(client, statements)
}

/** A date's hours, bookings and tables, for the availability of any party size (the seats held at `now`). */
export async function dayData(db: Db, date: string, dayOfWeek: number, now: Date, fallbackMinutes: number): Promise<DayData> {
  const result = await db.$client.query<DayRow & FloorPlan>(dayDataQuery(date, dayOfWeek, now, fallbackMinutes))
  const row = result.rows[0]!
  return dayOf(row, planOf(row))
}

export async function findEvent(db: DbOrTx, id: number): Promise<Event | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1)
  return event
}

/** The reservation an Idempotency-Key created, if any. */
export async function findByIdempotencyKey(db: Db, key: string): Promise<Reservation | undefined> {
  const result = await db.$client.query<Reservation>(byIdempotencyKeyQuery(key))
  return result.rows[0]
}

/** A row's by_email, by_phone and by_client columns (guestCountsSql) as counts. */
export const guestCountsOf = (row: Record<string, unknown>): GuestCounts => ({
  byEmail: Number(row.by_email ?? 0),
  byPhone: Number(row.by_phone ?? 0),
  byClient: Number(row.by_client ?? 0),
})

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
  /** Called as soon as the statements and COMMIT are on their way, before their answer. */
  sent?: () => void,
): Promise<Reservation[]> {
  const rows = writes.map((w, i) => asInserted(w.reservation, reserved.ids[i]!, reserved.at))
  const consents = writes.flatMap((w) => (w.consent ? [w.consent] : []))
  const seats = writes.flatMap((w, i) => (w.tableIds ?? []).map((tableId) => ({ reservationId: rows[i]!.id, tableId })))
  // Made before the listeners run, as they always were: the rows as they will be stored.
  const inserts = [
    insertReservationsQuery(rows, BOOKING_CONSENT_WORDING),
    ...(seats.length ? [insertReservationTablesQuery(seats)] : []),
    ...(consents.length ? [marketingConsentsQuery(consents)] : []),
  ]
  const written = sendTogether(client, [...inserts, ...(afterInsert ? await afterInsert(rows) : []), 'commit'])
  sent?.()
  const [inserted] = await written
  committed()
  const guestOf = new Map((inserted!.rows as { id: number; guestId: number | null }[]).map((r) => [r.id, r.guestId]))
  for (const row of rows) row.guestId = guestOf.get(row.id) ?? null
  return rows
}

/**
 * An event booking, in one transaction and two round trips: BEGIN, lock the
 * event's date, count the attempt, then read the duplicate check, the event's
 * covers and the idempotency key's replay (a statement after the lock sees
 * every booking committed before it: READ COMMITTED takes a snapshot per
 * statement); after `decide`, insert and COMMIT together. A refusal still commits, so
 * the attempt counts.
 */
export async function runEventBooking(db: Db, plan: BookingPlan & { eventId: number }, decide: Decide, afterInsert?: AfterInsert): Promise<Booked> {
  return inTransaction(db, async (client, end) => {
    const [, , , counted, hourly, site, read, reserved] = await sendTogether(client, [
      'begin',
      // The date's lock first, so that waiting for it holds no rate-limit row (see booking-batch.ts).
      lockDatesQuery([plan.date]),
      releaseLapsedTablesQuery([plan.date], plan.attempt.at),
      countAttemptsQuery([plan.attempt.key], plan.attempt.windowSeconds, plan.attempt.at),
      ...challengeCountsQueries([plan.hourly], plan.attempt.at),
      eventReadsQuery(plan.date, plan.eventId, plan.holder.email, plan.holder.startTime, plan.idempotencyKey ?? null, {
        phone: plan.holder.phoneKey,
        client: plan.holder.clientKey,
      }),
      reserveIdsQuery(1),
    ])
    const row = read!.rows[0] as Record<string, unknown>
    const reads: BookingReads = {
      attempt: counted!.rows[0] as AttemptCount,
      challenge: challengeCountsFrom([plan.hourly], hourly!.rows, site!.rows)[0]!,
      replay: replayFrom(row),
      event: { duplicate: row.duplicate as boolean, covers: row.covers as number, guest: guestCountsOf(row) },
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
