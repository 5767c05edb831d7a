/**
 * Walk-ins (issue 35, docs/decisions/0031): a party seated now without a
 * booking, recorded as a confirmed booking from the current minute (venue
 * time), source 'walk_in', already seated. With tables, at the tables staff
 * name or the best free fit (common/walk-ins.ts), never at a table a booking
 * needs before the stay ends (409 'table_needed' naming that booking and how
 * long the table is free; a shorter stay that fits is accepted). Without
 * tables, by covers: the capacity rule every staff booking is checked by.
 * Under the date's lock, as every seating path; its audit row commits with it.
 */
import { toAdminReservation, type AdminReservation, type BookedTable } from '#common/admin-reservations-schema'
import { bookingHoursFor, peakSeated } from '#common/availability'
import { phoneKey } from '#common/phone'
import { shortName, turnTimeFor } from '#common/tables'
import { formatTime12, minutesToTime, timeToMinutes, zonedParts } from '#common/time'
import { freeNowInTurn, holdsNow, isStillSeated, nextFreeFor, nextHoldOn, tableNeededMessage, tableTakenNowMessage, walkInChoices, type StillSeated } from '#common/walk-ins'
import { WALK_IN_NAME, type StillSeatedParty, type WalkInInput, type WalkInOptions } from '#common/walk-ins-schema'
import { auditQuery, type Actor } from '../audit/audit'
import { reservations, type Reservation } from '../db/schema'
import { isExclusionViolation } from '../db/errors'
import type { Deps } from '../deps'
import { ConflictError } from '../domain-errors'
import type { BookingSettings, SettingsService } from '../settings/settings-service'
import { bookingWords } from './reservation-audit'
import type { ReservationEvents } from './reservation-events'
import { runStatements, withDatesLocked, type NamedHold } from './reservations-data'
import { takeQueueEntry } from './walk-in-queue'
import { checkTableInUse, readStaffDay, replaceTables, tablesOfBookings, tableTakenMeanwhile, type StaffDay } from './seating'

/** Tables as staff see them: name and area. */
const bookedTablesOf = (tableIds: readonly number[], staffDay: StaffDay): BookedTable[] =>
  tableIds.map((id) => ({ id, name: staffDay.plan.tableById.get(id)!.name, area: staffDay.plan.areaById.get(staffDay.plan.tableById.get(id)!.areaId)!.name }))

/** How long a walk-in of `partySize` stays: the turn time for the party (with tables), else the booking duration setting. */
function stayFor(partySize: number, date: string, staffDay: StaffDay, rules: BookingSettings): number {
  return staffDay.plan.booksTables ? turnTimeFor(partySize, date, staffDay.plan.plan.turnTimes, rules.durationMinutes) : rules.durationMinutes
}

export function createWalkIns(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  { settings, events, forgetDays }: { settings: SettingsService; events: ReservationEvents; forgetDays: (dates: string[]) => void },
) {
  const timeZone = config.venueTimezone

  /**
   * Where a walk-in sits: the tables named (checked), or the best free fit for
   * the whole stay; 409 naming what is in the way. A party seated past its
   * time is still at its tables (holdsNow).
   */
  function tablesFor(input: WalkInInput, date: string, now: number, stay: number, staffDay: StaffDay): readonly number[] {
    const holds = holdsNow(staffDay.holds, now)
    if (input.tableIds) {
      for (const id of input.tableIds) {
        checkTableInUse(id, date, staffDay)
        const table = staffDay.plan.tableById.get(id)!
        const holder = holds.find((h) => h.tableId === id && h.start <= now && now < h.end)
        if (holder) throw new ConflictError(tableTakenNowMessage(table.name, holder), 'table_taken')
      }
      const next = nextHoldOn(input.tableIds, now, holds)
      if (next && next.start < now + stay) throw new ConflictError(tableNeededMessage(staffDay.plan.tableById.get(next.tableId)!.name, next, now), 'table_needed')
      return input.tableIds
    }
    const choices = walkInChoices(input.partySize, now, stay, { ...staffDay.day.tables!, holds })
    const best = choices[0]
    if (!best) throw new ConflictError(noTableMessage(input.partySize, stillSeatedAt(input.partySize, now, stay, staffDay, holds)), 'no_table')
    if (!best.fullStay) throw new ConflictError(tableNeededMessage(best.candidate.name, best.next!, now), 'table_needed')
    return best.candidate.tableIds
  }

  /** Without tables: the covers over the stay, as every staff booking is checked (common/availability.ts peakSeated). */
  function checkCovers(partySize: number, startTime: string, staffDay: StaffDay, rules: BookingSettings) {
    const seated = peakSeated(startTime, staffDay.day.bookings, rules)
    if (seated + partySize > rules.capacityCovers) {
      throw new ConflictError(
        `Over capacity now: ${seated} of ${rules.capacityCovers} covers are taken at the busiest half hour of the stay, and ${partySize} more would make ${seated + partySize}.`,
        'over_capacity',
      )
    }
  }

  return {
    /** The tables free now for a party, best first, with until when each is free. */
    async options(partySize: number): Promise<WalkInOptions> {
      const { date, minutes } = zonedParts(clock.now(), timeZone)
      const rules = await settings.booking()
      const staffDay = await readStaffDay(db.$client, date, null, rules.durationMinutes, clock.now())
      const stayMinutes = stayFor(partySize, date, staffDay, rules)
      const holds = holdsNow(staffDay.holds, minutes)
      const choices = staffDay.day.tables ? walkInChoices(partySize, minutes, stayMinutes, { ...staffDay.day.tables, holds }) : []
      const next = staffDay.day.tables && !choices.some((c) => c.fullStay) ? nextFreeFor(partySize, minutes, stayMinutes, { ...staffDay.day.tables, holds }, closingOf(date, staffDay)) : undefined
      return {
        now: minutesToTime(minutes),
        stayMinutes,
        options: choices.map((c) => ({
          tables: bookedTablesOf(c.candidate.tableIds, staffDay),
          freeUntil: c.freeUntil === null ? null : minutesToTime(c.freeUntil % 1440),
          fullStay: c.fullStay,
        })),
        stillSeated: stillSeatedAt(partySize, minutes, stayMinutes, staffDay, holds),
        nextFree: next ? { tables: bookedTablesOf(next.candidate.tableIds, staffDay), at: minutesToTime(next.at) } : null,
      }
    },

    /**
     * For the walk-in queue, its waiting parties' sizes in the order they
     * joined: the table (or combination) free now for each one's whole stay,
     * first come first (freeNowInTurn), or null. Without tables, null for
     * every party (no table to name).
     */
    async freeNow(partySizes: readonly number[]): Promise<(BookedTable[] | null)[]> {
      const { date, minutes } = zonedParts(clock.now(), timeZone)
      const rules = await settings.booking()
      const staffDay = await readStaffDay(db.$client, date, null, rules.durationMinutes, clock.now())
      if (!staffDay.day.tables) return partySizes.map(() => null)
      const parties = partySizes.map((partySize) => ({ partySize, stayMinutes: stayFor(partySize, date, staffDay, rules) }))
      const free = freeNowInTurn(parties, minutes, { ...staffDay.day.tables, holds: holdsNow(staffDay.holds, minutes) })
      return free.map((candidate) => (candidate ? bookedTablesOf(candidate.tableIds, staffDay) : null))
    },

    /** Seats a walk-in now; 201 with the booking, or 409 saying what is in the way. */
    async seat(input: WalkInInput, actor: Actor): Promise<AdminReservation> {
      const at = clock.now()
      const { date, minutes } = zonedParts(at, timeZone)
      const startTime = minutesToTime(minutes)
      const rules = await settings.booking()
      const { row, tables } = await withDatesLocked(db, [date], at, async (client, tx) => {
        // From the walk-in queue: still waiting, today's, and locked until this commits (409 otherwise).
        const queued = input.queueEntryId ? await takeQueueEntry(client, input.queueEntryId, { today: date, at, timeZone, actor }) : null
        const staffDay = await readStaffDay(client, date, null, rules.durationMinutes, at)
        const durationMinutes = input.durationMinutes ?? stayFor(input.partySize, date, staffDay, rules)
        const seats = staffDay.plan.booksTables || input.tableIds ? tablesFor(input, date, minutes, durationMinutes, staffDay) : []
        if (!staffDay.plan.booksTables) checkCovers(input.partySize, startTime, staffDay, rules)
        // A party from the queue keeps the name and phone it gave there, unless staff typed others.
        const phone = input.phone || queued?.entry.phone || ''
        const [row] = await tx
          .insert(reservations)
          .values({
            name: queued && input.name === WALK_IN_NAME ? queued.entry.name : input.name,
            email: null,
            // The column is required: a walk-in without a phone stores '' (as a staff booking with an email only does).
            phone,
            phoneKey: phoneKey(phone) || null,
            date,
            startTime,
            partySize: input.partySize,
            durationMinutes,
            status: 'confirmed',
            createdBy: 'staff',
            source: 'walk_in',
            receiveOffers: false,
            visitState: 'seated',
            seatedAt: at,
          })
          .returning()
        if (seats.length) await replaceTables(client, row!.id, seats)
        const tables = (await tablesOfBookings(client, [row!.id])).get(row!.id) ?? []
        // No message: the guest gave no email, and staff seated the party themselves (no 'new booking' alert).
        await runStatements(client, [auditQuery(actor, walkInAudit(row!, tables, queued !== null))])
        await queued?.mark(row!.id, row!.partySize, atTables(tables))
        return { row: row!, tables }
      }).catch((error: unknown) => {
        if (isExclusionViolation(error)) throw tableTakenMeanwhile()
        throw error
      })
      forgetDays([date])
      events.emit('reservation.created', { reservation: row, by: 'staff' })
      return toAdminReservation(row, { tables, needsTable: false })
    },
  }
}

/**
 * The parties seated past their time at tables that would be free now for a
 * walk-in of `partySize` had they gone (`holds`: holdsNow's), in the order of
 * those tables' fit: whom staff look for first.
 */
function stillSeatedAt(partySize: number, now: number, stay: number, staffDay: StaffDay, holds: readonly (NamedHold | StillSeated<NamedHold>)[]): StillSeatedParty[] {
  if (!staffDay.day.tables) return []
  const seatedNow = holds.filter(isStillSeated)
  const ifGone = holds.filter((h) => !isStillSeated(h))
  const parties = new Map<number, StillSeatedParty>()
  for (const choice of walkInChoices(partySize, now, stay, { ...staffDay.day.tables, holds: ifGone })) {
    for (const h of seatedNow) {
      if (!choice.candidate.tableIds.includes(h.tableId) || parties.has(h.reservationId)) continue
      const theirs = new Set(seatedNow.filter((x) => x.reservationId === h.reservationId).map((x) => x.tableId))
      parties.set(h.reservationId, {
        reservationId: h.reservationId,
        name: h.name,
        partySize: h.partySize,
        tables: bookedTablesOf([...theirs], staffDay),
        dueAt: minutesToTime(h.dueEnd % 1440),
      })
    }
  }
  return [...parties.values()]
}

/** When the venue closes on `date`, in minutes after its midnight (as its booking times read it: common/availability.ts slotTimes); midnight if closed. */
function closingOf(date: string, staffDay: StaffDay): number {
  const hours = bookingHoursFor(date, staffDay.day.weekly, staffDay.day.exceptions)
  return hours ? timeToMinutes(hours.close) : 1440
}

/** 'No table for 4 is free now.', and who is seated past their time where they would fit. */
function noTableMessage(partySize: number, stillSeated: StillSeatedParty[]): string {
  const none = `No table for ${partySize} is free now.`
  if (!stillSeated.length) return none
  const who = stillSeated.map((p) => `${shortName(p.name)} (${p.partySize}) at ${p.tables.map((t) => t.name).join(' + ')}, due to leave at ${formatTime12(p.dueAt)}`)
  return `${none} Seated past their time: ${who.join('; ')}. Mark a party Finished once they have gone.`
}

/** ' at T4 + T5', where the audit rows say a walk-in sat ('' without tables). */
const atTables = (tables: BookedTable[]) => (tables.length ? ` at ${tables.map((t) => t.name).join(' + ')}` : '')

/** 'seated a walk-in: Walk-in, 2 guests, 19:47 on 05 Dec 2026 at T2' ('seated a walk-in from the queue: …'). */
function walkInAudit(r: Reservation, tables: BookedTable[], fromQueue: boolean) {
  const where = atTables(tables)
  return {
    action: 'create',
    entityType: 'reservation',
    entityId: r.id,
    summary: `seated a walk-in${fromQueue ? ' from the queue' : ''}: ${bookingWords(r)}${where}`,
    after: { name: r.name, phone: r.phone, date: r.date, startTime: r.startTime, partySize: r.partySize, durationMinutes: r.durationMinutes, source: r.source },
  }
}

export type WalkIns = ReturnType<typeof createWalkIns>
