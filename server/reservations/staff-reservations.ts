import { and, eq } from 'drizzle-orm'
import type pg from 'pg'
import type {
  AdminReservation,
  AdminReservationInput,
  ReservationHistoryEntry,
  ReservationList,
  ReservationListQuery,
  ReservationPatch,
} from '#common/admin-reservations-schema'
import { ADMIN_RESERVATION_MESSAGES as M, toAdminReservation, type BookedTable } from '#common/admin-reservations-schema'
import { inUseOn, tablesFree, timeRange, turnTimeFor } from '#common/tables'
import { bookingHoursFor, bookingSlotTimes, pacedBy, serviceAt, servicesFor, peakSeated, slotTimes, startingInSlot } from '#common/availability'
import { serviceRanges } from '#common/services'
import { formatLongDate, formatTime12, todayIn } from '#common/time'
import { phoneKey } from '#common/phone'
import type { Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import { reservations, type Reservation } from '../db/schema'
import type { DbOrTx } from '../db/client'
import { sendTogether } from '../db/pipeline'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import type { BookingSettings, SettingsService } from '../settings/settings-service'
import { holdsAt, RESERVATION_FIELDS } from './booking-sql'
import { runStatements, withDatesLocked, type DayData } from './reservations-data'
import { isExclusionViolation } from '../db/errors'
import {
  checkNamedTables,
  noTableError,
  readStaffDay,
  replaceTables,
  staffBestFit,
  tablesOfBookings,
  tableTakenMeanwhile,
  venueBooksTables,
  type StaffDay,
} from './seating'
import { lockEnquiryForBooking, linkEnquiryStatements } from '../events/enquiry-booking'
import { guestIdFor } from '../guests/guest-upsert'
import { historyOf } from './history'
import { reservationChangeAudit, reservationCreatedAudit, reservationDeletedAudit } from './reservation-audit'
import type { ReservationEvent, ReservationEvents } from './reservation-events'

const ACTIVE = new Set(['pending', 'confirmed'])

/**
 * Why staff would need to override to seat a party at a date and time, or
 * undefined when it fits: outside the booking hours, over the covers at the
 * busiest half hour of its stay, or over the pacing limit of its slot. Staff
 * bookings skip the guest-only rules (notice, horizon).
 */
export function staffConflict(
  { date, startTime, partySize }: { date: string; startTime: string; partySize: number },
  day: DayData,
  rules: BookingSettings,
  // A venue that books tables has no covers limit: its tables are checked instead (seating.ts).
  { covers = true }: { covers?: boolean } = {},
): { code: 'outside_hours' | 'over_capacity' | 'over_pacing'; message: string } | undefined {
  const when = `${formatTime12(startTime)} on ${formatLongDate(date)}`
  const hours = bookingHoursFor(date, day.weekly, day.exceptions)
  if (!hours) return { code: 'outside_hours', message: `The venue takes no bookings on ${formatLongDate(date)}: it is closed that day.` }
  if (slotTimes(hours).includes(startTime) && !bookingSlotTimes(date, day.weekly, day.exceptions).includes(startTime)) {
    return {
      code: 'outside_hours',
      message: `${when} is between the services: bookings are taken ${serviceRanges(servicesFor(date, day.weekly, day.exceptions))} that day.`,
    }
  }
  if (!slotTimes(hours).includes(startTime)) {
    return {
      code: 'outside_hours',
      message: `${when} is outside the booking times (every half hour from ${formatTime12(hours.open)}, the last before ${formatTime12(hours.close)}).`,
    }
  }
  const seated = peakSeated(startTime, day.bookings, rules)
  if (covers && seated + partySize > rules.capacityCovers) {
    return {
      code: 'over_capacity',
      message: `Over capacity at ${when}: ${seated} of ${rules.capacityCovers} covers are already taken at the busiest half hour of this booking, and ${partySize} more would make ${seated + partySize}.`,
    }
  }
  const starting = startingInSlot(startTime, day.bookings)
  // The service's own pacing when it has one (issue 36).
  const { maxCoversPerSlot } = pacedBy(rules, serviceAt(date, startTime, day.weekly, day.exceptions))
  if (maxCoversPerSlot > 0 && starting + partySize > maxCoversPerSlot) {
    return {
      code: 'over_pacing',
      message: `Too many arrivals at ${when}: ${starting} guests already start then, the limit is ${maxCoversPerSlot} a half hour, and ${partySize} more would make ${starting + partySize}.`,
    }
  }
  return undefined
}

/** Escapes LIKE's wildcards in a search typed by staff. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A booking's phone as its key (E.164, common/phone.ts), or null for none: staff may take a booking with an email only (issue 36). */
const phoneKeyOf = (phone: string) => phoneKey(phone) || null

/**
 * A search's test of the phone (issue 36): however staff type a number, it
 * finds the booking however the guest typed it. '+44 7700 900104',
 * '07700900104' and '07700 900 104' are one key (phone_key, E.164); a part of
 * a number is found in the key or in the phone's digits, and one typed from
 * its trunk 0 ('07700 900') after the key's +44. Empty for a search of fewer
 * than three digits (a name, an email).
 */
function phoneSearch(q: string, param: (value: unknown) => string): string[] {
  const digits = q.replace(/\D/g, '')
  if (digits.length < 3) return []
  const tests = [`regexp_replace(phone, '\\D', '', 'g') like ${param(`%${digits}%`)}`, `phone_key like ${param(`%${phoneKey(q)}%`)}`]
  if (/^0[1-9]/.test(digits) && !q.trim().startsWith('+')) tests.push(`phone_key like ${param(`+44${digits.slice(1)}%`)}`)
  return tests
}

/**
 * Reservations as staff run them: the lists of the All Reservations and
 * Pending panels, and phone bookings, edits, status changes and deletions.
 * Anything that seats guests (a new booking, a move, a cancelled booking made
 * active again) takes the same date locks as a guest's booking and is checked
 * against the same capacity, unless staff override it with `force`.
 */
export function createStaffReservations(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  { settings, events, forgetDays }: { settings: SettingsService; events: ReservationEvents; forgetDays: (dates: string[]) => void },
) {
  const timeZone = config.venueTimezone

  /** Throws 409 with the reason when the booking needs an override and has none (the covers only when the venue has no tables). */
  function checkSeats(booking: { date: string; startTime: string; partySize: number }, staffDay: StaffDay, rules: BookingSettings) {
    const conflict = staffConflict(booking, staffDay.day, rules, { covers: !staffDay.plan.booksTables })
    if (conflict) throw new ConflictError(conflict.message, conflict.code)
  }

  /**
   * Where a booking staff save sits, when the venue books tables: the tables
   * they name (refused if another booking holds one, whatever `force` says),
   * else its current tables while they are still free and seat the party, else
   * the best free fit. None free: 409, or with `force` (or when confirming a
   * request) saved at no table, so it shows as 'needs a table'.
   */
  function seatsFor(
    next: { date: string; startTime: string; partySize: number },
    durationMinutes: number,
    staffDay: StaffDay,
    { named, current = [], force, confirming = false }: { named?: readonly number[]; current?: readonly number[]; force?: boolean; confirming?: boolean },
  ): readonly number[] {
    if (named) {
      checkNamedTables(named, next, durationMinutes, staffDay)
      return named
    }
    const [start, end] = timeRange(next.startTime, durationMinutes)
    const seats = current.reduce((sum, id) => sum + (staffDay.plan.tableById.get(id)?.maxCovers ?? 0), 0)
    // Its tables still stand that date: active, and not out of use from it or earlier.
    const standing = (id: number) => {
      const table = staffDay.plan.tableById.get(id)
      return table !== undefined && table.isActive && inUseOn(table, next.date)
    }
    if (current.length && seats >= next.partySize && current.every(standing)) {
      if (tablesFree(current, start, end, staffDay.holds)) return current
    }
    const best = staffBestFit(next, durationMinutes, staffDay)
    if (best) return best
    if (force || confirming) return []
    throw noTableError(next)
  }

  async function findRow(client: pg.Pool | pg.PoolClient, id: number, lock = false): Promise<Reservation> {
    const { rows } = await client.query<Reservation>(`select ${RESERVATION_FIELDS} from reservations where id = $1${lock ? ' for update' : ''}`, [id])
    if (!rows[0]) throw new NotFoundError(M.notFound)
    return rows[0]
  }

  return {
    /** One page of the filtered list, with the count and the guests of the whole filter. */
    async list(query: ReservationListQuery): Promise<ReservationList> {
      const where: string[] = []
      const values: unknown[] = []
      const param = (value: unknown) => `$${values.push(value)}`
      if (query.date) where.push(`date = ${param(query.date)}`)
      else {
        if (query.from) where.push(`date >= ${param(query.from)}`)
        if (query.to) where.push(`date <= ${param(query.to)}`)
      }
      if (query.status) where.push(`status = ${param(query.status)}`)
      if (query.needsTable) {
        where.push(`status in ('pending', 'confirmed') and event_id is null and date >= ${param(todayIn(clock.now(), timeZone))}
          and not exists (select 1 from reservation_tables rt where rt.reservation_id = reservations.id and ${holdsAt(param(clock.now()), 'reservations')})`)
      }
      if (query.q) {
        const text = param(likePattern(query.q))
        where.push(`(${[`name ilike ${text}`, `email ilike ${text}`, `phone ilike ${text}`, ...phoneSearch(query.q, param)].join(' or ')})`)
      }
      const filter = where.length ? `where ${where.join(' and ')}` : ''
      const filterValues = [...values]
      // One day: in time order. Otherwise the day staff were looking at first (a search's `first`),
      // then upcoming (soonest first), then the past (latest first).
      let order = 'start_time, name, id'
      if (!query.date) {
        const today = param(todayIn(clock.now(), timeZone))
        order = `date < ${today}, case when date >= ${today} then date end, date desc, start_time, id`
        if (query.first) order = `date <> ${param(query.first)}, ${order}`
      }
      const limit = param(query.pageSize)
      const offset = param((query.page - 1) * query.pageSize)
      const [page, totals, booksTables] = await Promise.all([
        db.$client.query<Reservation & { tables: BookedTable[] }>(
          `select ${RESERVATION_FIELDS}, ${tablesColumn(param(clock.now()))} from reservations ${filter} order by ${order} limit ${limit} offset ${offset}`,
          values,
        ),
        db.$client.query<{ total: number; covers: number }>(
          `select count(*)::int as total, coalesce(sum(party_size) filter (where status <> 'cancelled'), 0)::int as covers from reservations ${filter}`,
          filterValues,
        ),
        venueBooksTables(db.$client),
      ])
      const today = todayIn(clock.now(), timeZone)
      return {
        reservations: page.rows.map((r) => toAdminReservation(r, { tables: r.tables, needsTable: needsTable(r, r.tables, booksTables, today) })),
        total: totals.rows[0]!.total,
        covers: totals.rows[0]!.covers,
        page: query.page,
        pageSize: query.pageSize,
      }
    },

    /**
     * A phone or walk-in booking, with the status staff chose; over capacity or
     * outside hours only with `force`. Its emails and its audit row commit with it.
     */
    async create(input: AdminReservationInput & { force?: boolean; tableIds?: number[]; enquiryId?: number }, actor: Actor): Promise<AdminReservation> {
      if (input.date < todayIn(clock.now(), timeZone)) throw new ValidationError(M.pastDate, { date: M.pastDate })
      const { force, tableIds: named, enquiryId, ...fields } = input
      const rules = await settings.booking()
      const { created, tables } = await withDatesLocked(db, [fields.date], clock.now(), async (client, tx) => {
        // Made from an event enquiry ('Make a booking', issue 36): it must still be there and have no booking.
        const enquiry = enquiryId === undefined ? undefined : await lockEnquiryForBooking(client, enquiryId)
        const staffDay = await readStaffDay(client, fields.date, null, rules.durationMinutes, clock.now())
        const active = ACTIVE.has(fields.status)
        if (active && !force) checkSeats(fields, staffDay, rules)
        // With tables, the turn time for the party (issue 34); without, the setting, as before.
        const durationMinutes = staffDay.plan.booksTables
          ? turnTimeFor(fields.partySize, fields.date, staffDay.plan.plan.turnTimes, rules.durationMinutes)
          : rules.durationMinutes
        const seats = active && (staffDay.plan.booksTables || named?.length) ? seatsFor(fields, durationMinutes, staffDay, { named, force }) : []
        const [row] = await tx
          .insert(reservations)
          .values({ ...fields, phoneKey: phoneKeyOf(fields.phone), durationMinutes, receiveOffers: false, createdBy: 'staff', source: 'phone' })
          .returning()
        if (seats.length) await replaceTables(client, row!.id, seats)
        await linkGuest(client, row!)
        await runStatements(client, [
          ...(await events.statementsFor('reservation.created', [{ reservation: row!, by: 'staff' }])),
          reservationCreatedAudit(actor, row!),
          ...(enquiry ? linkEnquiryStatements(actor, enquiry, row!, clock.now()) : []),
        ])
        return { created: row!, tables: (await tablesOfBookings(client, [row!.id])).get(row!.id) ?? [] }
      }).catch(tableRaceAsConflict)
      forgetDays([created.date])
      events.emit('reservation.created', { reservation: created, by: 'staff' })
      return toAdminReservation(created, { tables, needsTable: needsTable(created, tables, await venueBooksTables(db.$client), todayIn(clock.now(), timeZone)) })
    },

    /**
     * A status change (confirm, cancel, decline) or a full edit, made on the
     * `version` of the booking staff read: against a newer one it is refused
     * (409, naming who changed it and when, with the booking as it is now),
     * so nobody's change is overwritten unseen. A change that seats guests
     * somewhere they were not seated (another date, time or party size, or a
     * cancelled booking made active) is checked like a new booking, under the
     * locks of both dates, unless `force`; with tables, its tables are chosen
     * again. Its emails, its history line and its audit row are sent with its COMMIT.
     */
    async update(id: number, patch: ReservationPatch, actor: Actor): Promise<AdminReservation> {
      const { force, version, tableIds: named, ...fields } = patch
      // The dates to lock are the booking's own and the one it moves to; read it first to know them.
      const before = await findRow(db.$client, id)
      const target = { ...before, ...fields }
      const rules = await settings.booking()
      const { previous, updated, tables } = await withDatesLocked(db, [before.date, target.date], clock.now(), async (client, tx) => {
        const current = await findRow(client, id, true)
        // Changed since staff read it: say by whom, and show it as it is now.
        if (current.version !== version) throw await stale(client, current)
        // Moved by someone else meanwhile: its new date is not locked. Staff try again.
        if (current.date !== before.date) throw new ConflictError('This booking was changed meanwhile. Please try again.')
        const next = { ...current, ...fields }
        // A large party's request whose 30 minutes ran out unconfirmed holds no seats (decision 21): confirming it takes them again.
        const heldNone = current.status === 'pending' && current.holdUntil !== null && current.holdUntil.getTime() <= clock.now().getTime()
        const seatsMoved =
          ACTIVE.has(next.status) &&
          (!ACTIVE.has(current.status) ||
            (heldNone && next.status === 'confirmed') ||
            next.date !== current.date ||
            next.startTime !== current.startTime ||
            next.partySize > current.partySize)
        const staffDay = await readStaffDay(client, next.date, id, rules.durationMinutes, clock.now())
        if (seatsMoved && !force) checkSeats(next, staffDay, rules)
        // With tables (issue 34): a new date, time or party gets the turn time for it, and its tables are checked again.
        let durationMinutes = current.durationMinutes
        let seats: readonly number[] | undefined
        if (staffDay.plan.booksTables || named?.length) {
          const regrouped = next.partySize !== current.partySize || next.date !== current.date
          if (staffDay.plan.booksTables && (seatsMoved || regrouped)) {
            durationMinutes = turnTimeFor(next.partySize, next.date, staffDay.plan.plan.turnTimes, rules.durationMinutes)
          }
          const currentTables = ((await tablesOfBookings(client, [id])).get(id) ?? []).map((t) => t.id)
          // A booking that needs a table (a request taken without one, one forced in) is seated whenever staff save it,
          // if a table is free; if none is, it keeps waiting rather than blocking the save.
          const unseated = staffDay.plan.booksTables && currentTables.length === 0
          if (ACTIVE.has(next.status) && (named || seatsMoved || regrouped || unseated)) {
            seats = seatsFor(next, durationMinutes, staffDay, { named, current: currentTables, force, confirming: unseated && !seatsMoved })
          }
        }
        // Its old tables go before it moves, so the exclusion constraint never sees it twice.
        if (seats) await replaceTables(client, id, [])
        // The edit form sends the phone: its key follows it, so search and the per-phone checks find it as typed now.
        const keyed = 'phone' in fields && fields.phone !== undefined ? { phoneKey: phoneKeyOf(fields.phone) } : {}
        const row = await updateAtVersion(tx, id, version, { ...fields, ...keyed, durationMinutes })
        if (!row) throw await stale(client, await findRow(client, id))
        // A new name, email or phone is the latest given: the guest follows it (another email, another guest).
        if (row.name !== current.name || row.email !== current.email || row.phone !== current.phone) await linkGuest(client, row)
        if (seats?.length) await replaceTables(client, id, seats)
        await runStatements(client, [...(await changeStatements(current, row)), reservationChangeAudit(actor, current, row)])
        return { previous: current, updated: row, tables: (await tablesOfBookings(client, [id])).get(id) ?? [] }
      }).catch(tableRaceAsConflict)
      forgetDays([previous.date, updated.date])
      emitAfterCommit(previous, updated)
      return toAdminReservation(updated, { tables, needsTable: needsTable(updated, tables, await venueBooksTables(db.$client), todayIn(clock.now(), timeZone)) })
    },

    /** What happened to a booking, oldest first (its details dialog). */
    async history(id: number): Promise<ReservationHistoryEntry[]> {
      const entries = await historyOf(db, id)
      if (entries.length === 0) throw new NotFoundError(M.notFound)
      return entries
    },

    /** Deletes a booking (managers and owners); its audit row keeps what it was. */
    async remove(id: number, actor: Actor): Promise<void> {
      const row = await inTransaction(db, async (client, end) => {
        const [, deleted] = await sendTogether(client, ['begin', { text: `delete from reservations where id = $1 returning ${RESERVATION_FIELDS}`, values: [id] }])
        const gone = deleted!.rows[0] as Reservation | undefined
        if (!gone) throw new NotFoundError(M.notFound)
        await sendTogether(client, [reservationDeletedAudit(actor, gone), 'commit'])
        end.committed()
        return gone
      })
      forgetDays([row.date])
    },
  }

  /** Creates or updates the booking's guest (issue 37) in its transaction, and links it; none without an email. */
  async function linkGuest(client: pg.PoolClient, row: Reservation) {
    row.guestId = await guestIdFor(client, { email: row.email, name: row.name, phone: row.phone, phoneKey: row.phoneKey })
    await client.query({ name: 'reservation-link-guest', text: 'update reservations set guest_id = $2 where id = $1', values: [row.id, row.guestId] })
  }

  /** The 409 of a save made on an older version: who changed it last and when, and the booking as it is now. */
  async function stale(client: pg.PoolClient, current: Reservation) {
    const tables = (await tablesOfBookings(client, [current.id])).get(current.id) ?? []
    return staleVersion(client, {
      entityType: 'reservation',
      entityId: current.id,
      current: toAdminReservation(current, { tables, needsTable: needsTable(current, tables, await venueBooksTables(client), todayIn(clock.now(), timeZone)) }),
      timeZone,
      changedAt: current.updatedAt,
    })
  }

  /** The UPDATE, only of the version staff read (the database raises it: migration 0010); undefined when that version is gone. */
  async function updateAtVersion(tx: DbOrTx, id: number, version: number, fields: Partial<Reservation>): Promise<Reservation | undefined> {
    const [row] = await tx
      .update(reservations)
      .set({ ...fields, updatedAt: clock.now(), changedBy: 'staff', changedAt: clock.now() })
      .where(and(eq(reservations.id, id), eq(reservations.version, version)))
      .returning()
    return row
  }

  /** The statements of the domain events a change is: what must commit with it (an outbox row, a history line). */
  async function changeStatements(before: Reservation, after: Reservation): Promise<pg.QueryConfig[]> {
    const statements: pg.QueryConfig[] = []
    for (const event of changeEvents(before, after)) statements.push(...(await events.statementsForEvent(event)))
    return statements
  }

  function emitAfterCommit(before: Reservation, after: Reservation) {
    for (const event of changeEvents(before, after)) events.emit(event.name, event.payload)
  }
}

/**
 * The list's column of the tables a booking holds at `now` (a parameter; BookedTable), in the plan's order. A large
 * party's request whose 30 minutes ran out unconfirmed holds none (decision 21), though its rows stay until the next
 * change on its date releases them.
 */
const tablesColumn = (now: string) => `(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'area', a.name)
    order by a.sort_order, t.sort_order, t.id), '[]'::json)
  from reservation_tables rt join dining_tables t on t.id = rt.table_id join areas a on a.id = t.area_id
  where rt.reservation_id = reservations.id and ${holdsAt(now, 'reservations')}) as tables`

/** An active booking from today on, sat at no table while the venue books tables (an event's guests sit at the event). */
export function needsTable(r: Pick<Reservation, 'status' | 'eventId' | 'date'>, tables: BookedTable[], booksTables: boolean, today: string): boolean {
  return booksTables && ACTIVE.has(r.status) && r.eventId === null && r.date >= today && tables.length === 0
}

/** The exclusion constraint refused an overlap the checks let by (a write outside the app): a table taken meanwhile. */
function tableRaceAsConflict(error: unknown): never {
  if (isExclusionViolation(error)) throw tableTakenMeanwhile()
  throw error
}

/** A staff change as events: confirming a pending booking approves it; cancelling an active one cancels it (a pending one is declined). */
export function changeEvents(before: Reservation, after: Reservation): ReservationEvent[] {
  const list: ReservationEvent[] = []
  if (before.status === 'pending' && after.status === 'confirmed') list.push({ name: 'reservation.approved', payload: { reservation: after } })
  if (ACTIVE.has(before.status) && after.status === 'cancelled') {
    const previousStatus = before.status as 'pending' | 'confirmed'
    list.push({ name: 'reservation.cancelled', payload: { reservation: after, previousStatus, declined: previousStatus === 'pending', by: 'staff' } })
  }
  if (before.status === 'cancelled' && ACTIVE.has(after.status)) list.push({ name: 'reservation.reinstated', payload: { reservation: after } })
  const details = ['name', 'email', 'phone', 'date', 'startTime', 'partySize', 'additionalInfo', 'foodDrinks'] as const
  if (details.some((k) => before[k] !== after[k])) list.push({ name: 'reservation.changed', payload: { reservation: after, previous: before, by: 'staff' } })
  return list
}
export type StaffReservations = ReturnType<typeof createStaffReservations>
