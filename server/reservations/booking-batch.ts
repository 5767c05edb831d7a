import type pg from 'pg'
import { slotLastMinute, type ActiveBooking, type DateException, type WeeklyHours } from '#common/availability'
import { holdsOf, turnTimeFor, type FloorPlan, type PreparedPlan, type TableHold, type TurnTimeRule } from '#common/tables'
import { TURN_MINUTES } from '#common/tables-schema'
import type { Db } from '../db/client'
import type { Reservation } from '../db/schema'
import { sendTogether } from '../db/pipeline'
import { countAttemptsQuery, type AttemptCount } from '../rate-limits/attempts'
import { ConnectionLost, transactionOn, type TransactionEnd } from '../db/transaction'
import { challengeCountsFrom, challengeCountsQueries } from '../rate-limits/challenge'
import {
  batchChecksQuery,
  batchDaysQuery,
  batchHoursQuery,
  CUSTOM_PLANS,
  DEFAULT_PLANS,
  holdOf,
  lockDatesQuery,
  planQuery,
  releaseLapsedTablesQuery,
  replayFrom,
  reserveIdsQuery,
  type CompactHold,
  type InsertIds,
} from './booking-sql'
import type { GuestCounts } from './booking-decision'
import {
  dayOf,
  guestCountsOf,
  insertAndCommit,
  planOf,
  slotOf,
  type Booked,
  type BookingPlan,
  type BookingReads,
  type AfterInsert,
  type BookingWrite,
  type DayData,
  type DayRow,
  type Decide,
} from './reservations-data'

/** A table booking waiting for its batch. */
type Request = { plan: BookingPlan; decide: Decide; resolve: (booked: Booked) => void; reject: (error: unknown) => void }

// What became of one request of a batch.
type Outcome =
  | { kind: 'refused'; error: unknown }
  | { kind: 'replayed'; reads: BookingReads }
  | { kind: 'replays-earlier'; reads: BookingReads; earlier: number }
  | { kind: 'booked'; reads: BookingReads; write: BookingWrite }

const MAX_BATCH = 64
/** How long the queue stays empty before it counts as quiet (`idle`): longer than the gap between batches in a rush. */
const QUIET_MS = 25
/** The longest a booking just arrived waits to be taken in (`turn`): a batch's reads take a few milliseconds. */
export const INTAKE_WAIT_MAX_MS = 100

/**
 * Table bookings, committed together. Requests that arrive while a batch is
 * in its transaction wait, then go in the next one: under load, one
 * transaction books dozens of tables (one lock statement, one read, one
 * insert, one commit) instead of each booking paying for its own; alone, a
 * booking is a batch of one. Each booking is still decided on its own, in
 * arrival order, against the day as it stands with the earlier bookings of
 * the batch added, all under the date locks. If the batch's transaction
 * fails, each of its bookings is tried again alone, so one bad booking only
 * fails itself. If its connection is lost, its bookings fail (the booking
 * page retries with the same Idempotency-Key, which is safe either way).
 */
export function createBookingQueue(db: Db, afterInsert?: AfterInsert) {
  const waiting: Request[] = []
  const turns: TurnsSeen = {}
  let running = false
  // While a batch waits for its reads, bookings arriving wait to be taken in (`turn`) until it has sent its
  // writes, or for INTAKE_WAIT_MAX_MS at most: a batch held up (behind staff holding its date) holds up no one.
  let reading = false
  const intake: (() => void)[] = []
  let intakeTimer: NodeJS.Timeout | undefined
  const letIn = () => {
    reading = false
    clearTimeout(intakeTimer)
    intakeTimer = undefined
    for (const wake of intake.splice(0)) wake()
  }
  // When the last batch ended, and those waiting for a quiet moment (see `idle`): each wake-up with the
  // time the queue must stay empty for it.
  let endedAt = -Infinity
  let quietTimer: NodeJS.Timeout | undefined
  const idleWaiters = new Map<() => void, number>()
  const quietFor = (ms: number) => !running && performance.now() - endedAt >= ms
  // Wakes those whose quiet time has passed since the last batch, and comes back for the others (a batch
  // starting clears the timer; its end calls this again).
  const wakeWhenQuiet = () => {
    clearTimeout(quietTimer)
    const since = performance.now() - endedAt
    for (const [wake, quietMs] of idleWaiters) if (since >= quietMs) wake()
    if (idleWaiters.size > 0) quietTimer = setTimeout(wakeWhenQuiet, Math.min(...idleWaiters.values()) - since)
  }

  /**
   * Runs batches on one connection while requests keep coming. A batch's
   * statements are sent before the previous batch's answers go out, so the
   * database works on one while Node writes the other's responses; bookings
   * arriving meanwhile are taken in once it has sent its writes (`turn`).
   */
  async function run() {
    running = true
    clearTimeout(quietTimer)
    let client: pg.PoolClient | undefined
    let deliver: (() => void) | undefined
    try {
      while (waiting.length > 0) {
        client ??= await db.$client.connect()
        reading = true
        const next = settle(client, waiting.splice(0, MAX_BATCH))
        deliver?.()
        const settled = await next
        // Already let in when the batch sent its writes; this is for a batch that failed before them.
        letIn()
        deliver = settled.deliver
        if (settled.lost) {
          client.release(settled.lost)
          client = undefined
        }
      }
    } catch (error) {
      // No connection to be had: every booking waiting now fails with that error.
      for (const request of waiting.splice(0)) request.reject(error)
    } finally {
      letIn()
      deliver?.()
      client?.release()
      running = false
      endedAt = performance.now()
      if (waiting.length > 0) void run()
      else if (idleWaiters.size > 0) wakeWhenQuiet()
    }
  }

  /** Books a batch (or, if it fails, each of its bookings alone); returns how to answer them. */
  async function settle(client: pg.PoolClient, batch: Request[], again = false): Promise<{ deliver: () => void; lost?: ConnectionLost }> {
    try {
      const results = await transactionOn(client, (c, end) => bookTogether(c, end, batch, turns, afterInsert, letIn))
      return { deliver: () => results.forEach((r, i) => (r.ok ? batch[i]!.resolve(r.booked) : batch[i]!.reject(r.error))) }
    } catch (error) {
      if (error instanceof ConnectionLost) {
        return { deliver: () => batch.forEach((r) => r.reject(error.error)), lost: error }
      }
      // Staff switched a table on or off as the batch read: once more, whole, reading the plan anew.
      if (error instanceof PlanChanged && !again) return settle(client, batch, true)
      if (batch.length === 1) return { deliver: () => batch[0]!.reject(error) }
      const alone: (() => void)[] = []
      for (const [i, request] of batch.entries()) {
        const settled = await settle(client, [request])
        alone.push(settled.deliver)
        if (settled.lost) {
          for (const rest of batch.slice(i + 1)) alone.push(() => rest.reject(settled.lost!.error))
          return { deliver: () => alone.forEach((d) => d()), lost: settled.lost }
        }
      }
      return { deliver: () => alone.forEach((d) => d()) }
    }
  }

  return {
    /**
     * When a booking that has just arrived may be taken in (validated, its
     * keys and plan made): now (undefined) unless a batch is waiting for its
     * reads, else once that batch has decided and sent its writes, or after
     * `maxMs` (a test lengthens it). In a rush the answer to a batch's reads
     * would otherwise wait behind the intake of the bookings that keep
     * arriving, and the batch's decisions with it; taken in while the
     * database writes, they cost the batch nothing and still go in the next
     * one (decision 44).
     */
    turn(maxMs = INTAKE_WAIT_MAX_MS): Promise<void> | undefined {
      if (!reading) return undefined
      intakeTimer ??= setTimeout(letIn, maxMs).unref()
      return new Promise((resolve) => intake.push(resolve))
    },

    /** Books (or refuses, or replays) a table, in the next batch. */
    book(plan: BookingPlan, decide: Decide): Promise<Booked> {
      return new Promise((resolve, reject) => {
        waiting.push({ plan, decide, resolve, reject })
        if (!running) void run()
      })
    },

    /**
     * Resolves once no booking has been waiting or committed for `quietMs`, or
     * after `maxMs` at most: work that can wait (sending emails) gives way to
     * guests booking in a rush, without ever standing still. A moment between
     * two batches is not quiet: under load the next booking is already on its
     * way, and an email sent there holds up the batch after it.
     */
    idle(maxMs: number, quietMs = QUIET_MS): Promise<void> {
      if (quietFor(quietMs)) return Promise.resolve()
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          idleWaiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, maxMs)
        idleWaiters.set(wake, quietMs)
        if (!running) wakeWhenQuiet()
      })
    },
  }
}

type Result = { ok: true; booked: Booked } | { ok: false; error: unknown }

/**
 * The turn times of the floor plan the queue's last batch read: how far the
 * next batch reads the tables' holds (reachFor). None before the first batch.
 */
type TurnsSeen = { rules?: readonly TurnTimeRule[] }

/**
 * How far past a date's last visit of the batch its tables' holds are read: the
 * longest turn time of its parties, by `rules` (common/tables.ts turnTimeFor,
 * as the booking is decided). Without rules (the queue's first batch), as far
 * as any turn time can be. The batch checks it against the plan it reads itself.
 */
export function reachFor(date: string, sizes: readonly number[], rules: readonly TurnTimeRule[] | undefined, fallbackMinutes: number): number {
  if (!rules) return Math.max(TURN_MINUTES.max, fallbackMinutes)
  return sizes.reduce((longest, size) => Math.max(longest, turnTimeFor(size, date, rules, fallbackMinutes)), 0)
}

/**
 * The floor plan a batch read disagreed with its days read: a table switched on
 * or off between the two statements, or a turn time longer than the last batch's
 * plan gave, by which the holds were read.
 */
class PlanChanged extends Error {
  constructor() {
    super('The floor plan changed while a booking batch read it')
  }
}

/**
 * One batch in one transaction and two round trips: BEGIN, lock the dates,
 * count the attempts, read the days and each booking's duplicate check
 * and replay (statements after the lock see every booking committed before
 * it: READ COMMITTED takes a snapshot per statement), and reserve ids; then
 * decide each booking in order, and insert the accepted ones, their emails
 * and COMMIT together. Refusals commit too, so their attempts count.
 */
async function bookTogether(
  client: pg.PoolClient,
  end: TransactionEnd,
  batch: Request[],
  turns: TurnsSeen,
  afterInsert?: AfterInsert,
  /** Called once the batch has decided and sent its writes (and COMMIT). */
  decided?: () => void,
): Promise<Result[]> {
  const plans = batch.map((r) => r.plan)
  // Per date: its weekday, the start times from the earliest any of its bookings needs to the latest, and
  // its bookings' own first and last start and their party sizes (the tables' holds that matter meet one of their visits).
  const perDate = new Map<string, { dayOfWeek: number; from: string; to: string; first: string; last: string; sizes: number[] }>()
  for (const { date, dayOfWeek, starts, holder, partySize } of plans) {
    const seen = perDate.get(date)
    perDate.set(date, {
      dayOfWeek,
      from: seen && seen.from < starts.from ? seen.from : starts.from,
      to: seen && seen.to > starts.to ? seen.to : starts.to,
      first: seen && seen.first < holder.startTime ? seen.first : holder.startTime,
      last: seen && seen.last > holder.startTime ? seen.last : holder.startTime,
      sizes: seen ? (seen.sizes.includes(partySize) ? seen.sizes : [...seen.sizes, partySize]) : [partySize],
    })
  }
  const at = plans[0]!.attempt.at
  const fallbackMinutes = plans.reduce((longest, p) => Math.max(longest, p.turnFallback), 0)

  const dates = [...perDate.keys()].sort()
  const weekdays = dates.map((d) => perDate.get(d)!.dayOfWeek)
  const from = dates.map((d) => perDate.get(d)!.from)
  const to = dates.map((d) => perDate.get(d)!.to)
  const visits = {
    first: dates.map((d) => perDate.get(d)!.first),
    last: dates.map((d) => perDate.get(d)!.last),
    // By the turn times the last batch read; checked against this batch's own below.
    reach: dates.map((d) => reachFor(d, perDate.get(d)!.sizes, turns.rules, fallbackMinutes)),
    // A venue that books tables only paces its bookings' own slots: from the first to the last one's last minute.
    paced: dates.map((d) => slotLastMinute(perDate.get(d)!.last)),
  }

  // The floor plan and each date's holds come in the same round trip as the days (issue 34).
  // The dates' locks first: a batch waiting for a busy date holds no rate-limit row (the site's hourly
  // count is shared with every form), so an enquiry, or a booking of another date, never queues behind it.
  const [, , , counted, hourly, site, , days, checks, , hoursRead, reserved, floor] = await sendTogether(client, [
    'begin',
    lockDatesQuery(dates),
    releaseLapsedTablesQuery(dates, at),
    countAttemptsQuery(plans.map((p) => p.attempt.key), plans[0]!.attempt.windowSeconds, at),
    ...challengeCountsQueries(plans.map((p) => p.hourly), at),
    // Parsed once per connection, planned for this batch's values (booking-sql.ts).
    CUSTOM_PLANS,
    // The seats held at the batch's clock: a large party's unconfirmed request stops holding them after its hold.
    batchDaysQuery(dates, from, to, at, visits),
    batchChecksQuery(
      plans.map((p) => p.holder.email),
      plans.map((p) => p.date),
      plans.map((p) => p.holder.startTime),
      plans.map((p) => p.idempotencyKey ?? null),
      plans.map((p) => p.holder.phoneKey),
      plans.map((p) => p.holder.clientKey),
    ),
    DEFAULT_PLANS,
    batchHoursQuery(dates, weekdays),
    reserveIdsQuery(batch.length),
    planQuery(),
  ])

  const plan: PreparedPlan = planOf(floor!.rows[0] as FloorPlan)
  turns.rules = plan.plan.turnTimes
  const dayRows = days!.rows as { date: string; paceOnly: boolean; bookings: ActiveBooking[]; holds: CompactHold[] }[]
  // The days were read for a venue that books tables, or not, in their own statement: if a table was switched on or
  // off between it and the plan's, the batch is rolled back and tried again (settle), reading both anew. So too if a
  // turn time grew since the last batch: the holds were read for visits shorter than this plan gives them.
  if (dayRows.some((r) => r.paceOnly !== plan.booksTables)) throw new PlanChanged()
  if (plan.booksTables && dates.some((d, i) => visits.reach[i]! < reachFor(d, perDate.get(d)!.sizes, turns.rules, fallbackMinutes))) {
    throw new PlanChanged()
  }
  const hours = hoursRead!.rows[0] as { weekly: WeeklyHours[]; exceptions: DateException[]; closures: { date: string; areaId: number }[] }
  const dayFrom = (r: (typeof dayRows)[number]): DayRow => ({
    weekly: hours.weekly.filter((h) => h.dayOfWeek === perDate.get(r.date)!.dayOfWeek),
    exceptions: hours.exceptions.filter((e) => e.date === r.date),
    bookings: r.bookings,
    closedAreaIds: hours.closures.filter((c) => c.date === r.date).map((c) => c.areaId),
    holds: r.holds.map(holdOf),
  })
  const outcomes = decideInOrder(batch, {
    counted: new Map((counted!.rows as (AttemptCount & { key: string })[]).map((r) => [r.key, r])),
    challenge: challengeCountsFrom(plans.map((p) => p.hourly), hourly!.rows, site!.rows),
    days: new Map(dayRows.map((r) => [r.date, dayOf(dayFrom(r), plan)])),
    checks: checks!.rows as Record<string, unknown>[],
  })

  const booked = outcomes.flatMap((o, i) => (o.kind === 'booked' ? [{ index: i, write: o.write }] : []))
  const reservations = new Map<number, Reservation>()
  if (booked.length === 0) {
    const committing = end.commit()
    decided?.()
    await committing
  } else {
    const rows = await insertAndCommit(client, end, booked.map((b) => b.write), reserved!.rows[0] as InsertIds, afterInsert, decided)
    booked.forEach(({ index }, i) => reservations.set(index, rows[i]!))
  }

  // Nothing below may throw: a batch that throws is tried again booking by booking.

  return outcomes.map((o, i): Result => {
    switch (o.kind) {
      case 'refused':
        return { ok: false, error: o.error }
      case 'replayed':
        return { ok: true, booked: { reads: o.reads } }
      case 'replays-earlier':
        return { ok: true, booked: { reads: { ...o.reads, replay: reservations.get(o.earlier)! } } }
      case 'booked':
        return { ok: true, booked: { reads: o.reads, reservation: reservations.get(i)! } }
    }
  })
}

/**
 * Decides each booking of a batch in arrival order. Each sees the day as read
 * under the lock plus the batch's earlier accepted bookings, its own place in
 * the attempt counts, and whether an earlier booking of the batch already holds
 * its slot, counts against its guest's limits or used its idempotency key.
 */
function decideInOrder(
  batch: Request[],
  read: {
    counted: Map<string, AttemptCount & { key: string }>
    challenge: BookingReads['challenge'][]
    days: Map<string, DayData>
    checks: Record<string, unknown>[]
  },
): Outcome[] {
  const inBatch = new Map<string, number>() // attempts per key so far
  const perKey = new Map<string, number>() // attempts per key in the whole batch
  for (const { plan } of batch) perKey.set(plan.attempt.key, (perKey.get(plan.attempt.key) ?? 0) + 1)
  const added = new Map<string, ActiveBooking[]>() // accepted bookings per date
  const addedHolds = new Map<string, TableHold[]>() // the tables they took, per date
  const heldSlots = new Set<string>()
  // The batch's accepted bookings per guest key and date: they count against the limits of the later ones.
  const guestKeys = new Map<string, number>()
  const keysOf = (plan: BookingPlan) => [
    `e|${plan.date}|${plan.holder.email.toLowerCase()}`,
    `p|${plan.date}|${plan.holder.phoneKey}`,
    `c|${plan.date}|${plan.holder.clientKey}`,
  ]
  const withBatch = (plan: BookingPlan, counts: GuestCounts): GuestCounts => {
    const [email, phone, client] = keysOf(plan).map((k) => guestKeys.get(k) ?? 0)
    return { byEmail: counts.byEmail + email!, byPhone: counts.byPhone + phone!, byClient: counts.byClient + client! }
  }
  // The earlier booking of the batch that used each idempotency key: a later one replays it once it exists.
  const keyOwner = new Map<string, { index: number; placeholder: Reservation }>()

  return batch.map(({ plan, decide }, i): Outcome => {
    const total = read.counted.get(plan.attempt.key)!
    const seen = (inBatch.get(plan.attempt.key) ?? 0) + 1
    inBatch.set(plan.attempt.key, seen)
    const day = read.days.get(plan.date)!
    const slot = slotOf(plan.holder.email, plan.date, plan.holder.startTime)
    const earlier = plan.idempotencyKey ? keyOwner.get(plan.idempotencyKey) : undefined
    const reads: BookingReads = {
      attempt: { hits: total.hits - perKey.get(plan.attempt.key)! + seen, reset_at: total.reset_at },
      challenge: read.challenge[i]!,
      replay: replayFrom(read.checks[i]!) ?? earlier?.placeholder,
      // Named, not spread: see asInserted (booking-sql.ts) on spreads followed by properties.
      day: {
        weekly: day.weekly,
        exceptions: day.exceptions,
        bookings: [...day.bookings, ...(added.get(plan.date) ?? [])],
        duplicate: (read.checks[i]!.duplicate as boolean) || heldSlots.has(slot),
        guest: withBatch(plan, guestCountsOf(read.checks[i]!)),
        tables: day.tables && {
          plan: day.tables.plan,
          closedAreaIds: day.tables.closedAreaIds,
          holds: addedHolds.has(plan.date) ? [...day.tables.holds, ...addedHolds.get(plan.date)!] : day.tables.holds,
        },
      },
    }
    let write: BookingWrite | undefined
    try {
      write = decide(reads)
    } catch (error) {
      return { kind: 'refused', error }
    }
    if (!write) {
      return earlier && reads.replay === earlier.placeholder
        ? { kind: 'replays-earlier', reads, earlier: earlier.index }
        : { kind: 'replayed', reads }
    }
    added.set(plan.date, [...(added.get(plan.date) ?? []), { startTime: write.reservation.startTime, partySize: write.reservation.partySize }])
    if (write.tableIds?.length) {
      // Its id is not known yet: -1 - its place in the batch stands for it.
      const taken = holdsOf(-1 - i, write.tableIds, write.reservation.startTime, write.reservation.durationMinutes)
      addedHolds.set(plan.date, [...(addedHolds.get(plan.date) ?? []), ...taken])
    }
    heldSlots.add(slot)
    for (const key of keysOf(plan)) guestKeys.set(key, (guestKeys.get(key) ?? 0) + 1)
    if (plan.idempotencyKey) {
      // Stands for the reservation until it is inserted: enough to tell a retry from a different booking.
      const placeholder = { idempotencyFingerprint: write.reservation.idempotencyFingerprint } as Reservation
      keyOwner.set(plan.idempotencyKey, { index: i, placeholder })
    }
    return { kind: 'booked', reads, write }
  })
}
