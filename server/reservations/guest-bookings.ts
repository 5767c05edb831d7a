import type pg from 'pg'
import { availableSlots, fitsCovers, fitsPacing, lastOrdersFor, pacedBy, serviceAt, zonedInstant } from '#common/availability'
import {
  GUEST_CHANGE_CUTOFF_HOURS,
  MANAGE_MESSAGES as M,
  type ManageLinkProblem,
  type ManageState,
  type ManageView,
  type RequestState,
  type RequestView,
} from '#common/manage-booking'
import type { ChangeBookingInput } from '#common/manage-booking-schema'
import { DUPLICATE_BOOKING_MESSAGE, slotsOf, slotUnavailableMessage, type AvailabilitySlot } from '#common/reservation-schema'
import { dayOfWeek, formatTime12, todayIn } from '#common/time'
import type { Actor } from '../audit/audit'
import type { Reservation } from '../db/schema'
import type { Deps } from '../deps'
import { bookingCalendarFile } from './ics'
import { MANAGE_LINK_PURPOSE } from './manage-link'
import { CONFIRM_LINK_PURPOSE } from './confirm-link'
import { ConflictError, DomainError } from '../domain-errors'
import type { SettingsService } from '../settings/settings-service'
import { verifyToken } from '../signed-tokens'
import type { ReservationEvents } from './reservation-events'
import { bookingRules, decideBooking } from './booking-decision'
import { dayWithoutQuery, heldSlotQuery, insertReservationTablesQuery, RESERVATION_FIELDS } from './booking-sql'
import { dayOf, planOf, runStatements, withDatesLocked, type DayData, type DayRow } from './reservations-data'
import { reservationChangeAudit } from './reservation-audit'
import { seatParty, type FloorPlan } from '#common/tables'
import { isExclusionViolation } from '../db/errors'

/** A pool or a connection in a transaction: either reads a booking. */
type Queryable = Pick<pg.Pool, 'query'>

const HOUR = 3_600_000

/** A link that does not open a booking: 404 when it is not one of ours (or the booking is gone), 410 when it has expired. */
export class ManageLinkError extends DomainError {
  constructor(
    readonly problem: ManageLinkProblem,
    phone: string,
  ) {
    super(problem === 'expired' ? 'gone' : 'not_found', problem === 'expired' ? M.expired(phone) : M.invalid(phone), undefined, `link_${problem}`)
  }
}

/**
 * A guest's own booking through the signed link in their emails (DESIGN.md
 * section 4, issue 15): read it, move it or cancel it while the visit is more
 * than GUEST_CHANGE_CUTOFF_HOURS away. A move takes the same date locks and
 * the same rules as a new booking (its own seats left out of the count), so
 * guests changing and booking at once never overbook. Every change commits
 * with its emails and its history line (the reservation events' listeners).
 */
export function createGuestBookings(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  {
    settings,
    events,
    forgetDays,
  }: { settings: SettingsService; events: ReservationEvents; forgetDays: (dates: string[]) => void },
) {
  const timeZone = config.venueTimezone
  const visitOf = (r: Pick<Reservation, 'date' | 'startTime'>) => zonedInstant(r.date, r.startTime, timeZone) ?? new Date(`${r.date}T${r.startTime}:00Z`)

  function stateOf(r: Reservation, now: Date): ManageState {
    if (r.status === 'cancelled') return 'cancelled'
    const until = visitOf(r).getTime() - now.getTime()
    if (until <= 0) return 'past'
    return until <= GUEST_CHANGE_CUTOFF_HOURS * HOUR ? 'phone' : 'open'
  }

  const phone = async () => (await settings.venue()).venue_phone

  /** The reservation id a token (of a manage link, or of a confirm link) is for, or the reason it opens nothing. */
  async function idOf(token: string, purpose = MANAGE_LINK_PURPOSE): Promise<number> {
    const check = verifyToken<{ r: number }>(config.sessionSecret, purpose, token, clock.now())
    if (check.ok && Number.isInteger(check.payload?.r)) return check.payload.r
    throw new ManageLinkError(check.ok || check.reason !== 'expired' ? 'invalid' : 'expired', await phone())
  }

  async function find(client: Queryable, id: number, lock = false): Promise<Reservation | undefined> {
    const { rows } = await client.query<Reservation>(`select ${RESERVATION_FIELDS} from reservations where id = $1${lock ? ' for update' : ''}`, [id])
    return rows[0]
  }

  async function load(token: string, purpose = MANAGE_LINK_PURPOSE): Promise<Reservation> {
    const reservation = await find(db.$client, await idOf(token, purpose))
    // A booking staff deleted: the link is as good as unknown.
    if (!reservation) throw new ManageLinkError('invalid', await phone())
    return reservation
  }

  async function eventTitle(r: Reservation): Promise<string | null> {
    if (r.eventId === null) return null
    const { rows } = await db.$client.query<{ title: string }>('select title from events where id = $1', [r.eventId])
    return rows[0]?.title ?? 'an event'
  }

  async function viewOf(r: Reservation): Promise<ManageView> {
    return {
      booking: {
        name: r.name,
        // A manage link is only ever emailed; a booking staff have since left without an email shows none.
        email: r.email ?? '',
        date: r.date,
        startTime: r.startTime,
        partySize: r.partySize,
        foodDrinks: r.foodDrinks as ManageView['booking']['foodDrinks'],
        additionalInfo: r.additionalInfo,
        status: r.status as ManageView['booking']['status'],
        eventTitle: await eventTitle(r),
      },
      state: stateOf(r, clock.now()),
      venuePhone: await phone(),
    }
  }

  /**
   * What the confirm page says of a request: it waits for the guest; they have
   * confirmed it; they confirmed it late and its seats had gone (staff call
   * them); staff have confirmed it already; it was cancelled; or its time has passed.
   */
  async function requestViewOf(r: Reservation, confirmed?: 'confirmed' | 'no_room'): Promise<RequestView> {
    const state: RequestState =
      r.status === 'cancelled'
        ? 'cancelled'
        : r.status === 'confirmed'
          ? 'approved'
          : stateOf(r, clock.now()) === 'past'
            ? 'past'
            : (confirmed ?? (r.guestConfirmedAt ? (r.holdUntil === null ? 'confirmed' : 'no_room') : 'waiting'))
    return { date: r.date, startTime: r.startTime, partySize: r.partySize, name: r.name, state, venuePhone: await phone() }
  }

  /** Refuses a change unless the booking can still be changed online. */
  async function mustBeOpen(r: Reservation) {
    const state = stateOf(r, clock.now())
    if (state === 'open') return
    const message = state === 'phone' ? M.phoneOnly(await phone()) : state === 'cancelled' ? M.cancelled : M.past
    throw new ConflictError(message, `booking_${state}`)
  }

  /** A day's hours, active bookings and tables, this booking's own seats and tables left out. */
  async function dayWithout(client: Queryable, date: string, id: number, fallbackMinutes: number): Promise<DayData> {
    const { rows } = await client.query<DayRow & FloorPlan>(dayWithoutQuery(date, dayOfWeek(date), id, clock.now(), fallbackMinutes))
    return dayOf(rows[0]!, planOf(rows[0]!))
  }

  /**
   * Whether a request whose 30 minutes lapsed can hold its seats again when its
   * guest confirms late (under the date's lock, its own seats and tables left
   * out of the day). Without tables: the covers and the slot's pacing. With
   * tables, as a booking is decided (booking-decision.ts): the slot's pacing,
   * then a table: the ones it holds stay its own (the exclusion constraint kept
   * them from anyone else); a request without one gets the best free table or
   * combination guests can book for its whole visit, written here, or stays a
   * request without a table (as a large party nothing fits is taken), for staff.
   */
  async function lateSeats(client: pg.PoolClient, r: Reservation, day: DayData, rules: Awaited<ReturnType<SettingsService['booking']>>): Promise<boolean> {
    // The pacing of the booking's service when it has its own (issue 36).
    if (!fitsPacing(r.startTime, r.partySize, day.bookings, pacedBy(rules, serviceAt(r.date, r.startTime, day.weekly, day.exceptions)))) return false
    if (!day.tables?.plan.booksTables) return fitsCovers(r.startTime, r.partySize, day.bookings, rules)
    const { rowCount } = await client.query('select 1 from reservation_tables where reservation_id = $1', [r.id])
    if (rowCount) return true
    const seating = seatParty(r, day.tables, { staff: false, fallbackMinutes: rules.durationMinutes, durationMinutes: r.durationMinutes })
    if (!seating.ok) return false
    await client.query(insertReservationTablesQuery(seating.tableIds.map((tableId) => ({ reservationId: r.id, tableId }))))
    return true
  }

  return {
    /** The booking as the manage page shows it. */
    async view(token: string): Promise<ManageView> {
      return viewOf(await load(token))
    },

    /** The times the party could move to on a date (its own seats do not count against it). */
    async slots(token: string, date: string, partySize: number): Promise<AvailabilitySlot[]> {
      const r = await load(token)
      await mustBeOpen(r)
      const now = clock.now()
      if (date < todayIn(now, timeZone)) return []
      const rules = await settings.booking()
      const day = await dayWithout(db.$client, date, r.id, rules.durationMinutes)
      return slotsOf(date, availableSlots({ date, partySize, now, timeZone, rules, ...day }), lastOrdersFor(date, day.weekly, day.exceptions))
    },

    /**
     * Moves the booking to another date, time or party size, under the locks of
     * both dates, by the rules of a new booking. A party over the size staff
     * confirm at once goes back to pending; one within it is confirmed. The
     * audit row (`guest`: guestActor(address)) commits with it.
     */
    async change(token: string, input: ChangeBookingInput, guest: Actor): Promise<ManageView & { changed: boolean }> {
      const before = await load(token)
      await mustBeOpen(before)
      if (before.eventId !== null) throw new ConflictError(M.eventTable(await phone()), 'event_booking')
      if (input.date === before.date && input.startTime === before.startTime && input.partySize === before.partySize) {
        return { ...(await viewOf(before)), changed: false }
      }
      const rules = bookingRules(await settings.booking(), timeZone)
      const change = await withDatesLocked(db, [before.date, input.date], clock.now(), async (client) => {
        const current = (await find(client, before.id, true))!
        // Changed by staff meanwhile (or by the guest in another tab): decide on what is there now.
        if (current.date !== before.date) throw new ConflictError('This booking was changed meanwhile. Please reload the page and try again.')
        await mustBeOpen(current)
        const now = clock.now()
        const [day, held] = await Promise.all([
          dayWithout(client, input.date, current.id, rules.durationMinutes),
          // Another active booking of the same guest at that time (the rule of a new booking).
          // (A booking without an email has no other booking of 'the same guest' to find: no email matches null.)
          client.query(heldSlotQuery(current.email ?? '', input.date, input.startTime, current.id)),
        ])
        // The rules of a new booking: a party over the size staff confirm at once goes back to pending.
        const decision = decideBooking(input, { ...day, duplicate: Boolean(held.rowCount) }, rules, now)
        if (decision.outcome === 'refused') {
          // The guest's own duplicate says so (this is their own link); any other reason is "that time is no longer available".
          if (decision.reason.code === 'duplicate') throw new ConflictError(DUPLICATE_BOOKING_MESSAGE)
          throw new ConflictError(decision.reason.message, 'slot_unavailable')
        }
        const status = decision.status
        // A new visit time gets its own reminder.
        const moved = input.date !== current.date || input.startTime !== current.startTime
        // Its tables are chosen again the way a new booking's are (issue 34): the old ones go first, so the
        // exclusion constraint never sees the booking twice; a venue without tables keeps the stored duration.
        const seated = decision.seated
        await client.query('delete from reservation_tables where reservation_id = $1', [current.id])
        // A change through the link in the guest's email shows they have it, as its confirm link would: the
        // booking holds its seats for good (docs/decisions/0021).
        const { rows } = await client.query<Reservation>(
          `update reservations set date = $2, start_time = $3, party_size = $4, status = $5, changed_by = 'guest', changed_at = $6, updated_at = $6,
             duration_minutes = $7, hold_until = null,
             guest_confirmed_at = case when $5 = 'pending' then coalesce(guest_confirmed_at, $6) else guest_confirmed_at end
             ${moved ? ', reminder_sent_at = null' : ''}
           where id = $1 returning ${RESERVATION_FIELDS}`,
          [current.id, input.date, input.startTime, input.partySize, status, now, seated?.durationMinutes ?? current.durationMinutes],
        )
        if (seated?.tableIds.length) {
          await client.query(insertReservationTablesQuery(seated.tableIds.map((tableId) => ({ reservationId: current.id, tableId }))))
        }
        const payload = { reservation: rows[0]!, previous: current, by: 'guest' as const }
        await runStatements(client, [...(await events.statementsFor('reservation.changed', [payload])), reservationChangeAudit(guest, current, rows[0]!)])
        return payload
      }).catch((error: unknown) => {
        // The exclusion constraint refused an overlap the engine let by: answered as a taken time.
        if (isExclusionViolation(error)) throw new ConflictError(slotUnavailableMessage(formatTime12(input.startTime), input.partySize), 'slot_unavailable')
        throw error
      })
      forgetDays([change.previous.date, change.reservation.date])
      events.emit('reservation.changed', change)
      return { ...(await viewOf(change.reservation)), changed: true }
    },

    /** Cancels the booking: its seats are free at once. The audit row (`guest`) commits with it. */
    async cancel(token: string, guest: Actor): Promise<ManageView> {
      const before = await load(token)
      await mustBeOpen(before)
      // The date's lock, as for any change of seats: a booking being made sees the seats either taken or free.
      const cancelled = await withDatesLocked(db, [before.date], clock.now(), async (client) => {
        const current = (await find(client, before.id, true))!
        await mustBeOpen(current)
        const { rows } = await client.query<Reservation>(
          `update reservations set status = 'cancelled', changed_by = 'guest', changed_at = $2, updated_at = $2 where id = $1 returning ${RESERVATION_FIELDS}`,
          [current.id, clock.now()],
        )
        const payload = { reservation: rows[0]!, previousStatus: current.status as 'pending' | 'confirmed', declined: false, by: 'guest' as const }
        await runStatements(client, [...(await events.statementsFor('reservation.cancelled', [payload])), reservationChangeAudit(guest, current, rows[0]!)])
        return payload
      })
      forgetDays([cancelled.reservation.date])
      events.emit('reservation.cancelled', cancelled)
      return viewOf(cancelled.reservation)
    },

    /** A large party's request as its confirm link shows it (the page before the guest presses Confirm). */
    async request(token: string): Promise<RequestView> {
      const r = await load(token, CONFIRM_LINK_PURPOSE)
      return requestViewOf(r)
    },

    /**
     * The guest confirms their large party's request from the link in their
     * email (docs/decisions/0021): from now on it holds its seats until staff
     * decide. Within its 30 minutes it holds them already; after them, it
     * takes them again only if they are still free, decided under the date's
     * lock by the rules of a booking (`lateSeats`): with tables, a request
     * without one is given the best free fit for its whole visit, or stays a
     * request without a table that staff seat. Confirming twice changes nothing.
     */
    async confirmRequest(token: string): Promise<RequestView> {
      const id = await idOf(token, CONFIRM_LINK_PURPOSE)
      const before = await load(token, CONFIRM_LINK_PURPOSE)
      if (before.status !== 'pending' || stateOf(before, clock.now()) === 'past') return requestViewOf(before)
      const rules = await settings.booking()
      const outcome = await withDatesLocked(db, [before.date], clock.now(), async (client) => {
        const current = (await find(client, id, true))!
        const now = clock.now()
        if (current.status !== 'pending' || current.holdUntil === null) return { reservation: current, held: current.holdUntil === null }
        const stillHeld = current.holdUntil.getTime() > now.getTime()
        const fits = stillHeld || (await lateSeats(client, current, await dayWithout(client, current.date, current.id, rules.durationMinutes), rules))
        // A late confirmation whose seats were taken meanwhile is kept as the guest's word, without seats: staff call them.
        const { rows } = await client.query<Reservation>(
          `update reservations set guest_confirmed_at = coalesce(guest_confirmed_at, $2), hold_until = case when $3 then null else hold_until end
           where id = $1 returning ${RESERVATION_FIELDS}`,
          [current.id, now, fits],
        )
        return { reservation: rows[0]!, held: fits }
      })
      forgetDays([outcome.reservation.date])
      return requestViewOf(outcome.reservation, outcome.held ? 'confirmed' : 'no_room')
    },

    /** 'Add to calendar': the visit as a calendar file (the same event as the one attached to the emails). */
    async calendar(token: string): Promise<string> {
      const r = await load(token)
      if (r.status === 'cancelled') throw new ConflictError(M.cancelled, 'booking_cancelled')
      const venue = await settings.venue()
      return bookingCalendarFile({
        key: `reservation-${r.id}`,
        start: visitOf(r),
        // The visit's own length, stored with the booking (the turn time for its party when the venue has tables).
        minutes: r.durationMinutes,
        summary: `Table at ${venue.venue_name}`,
        venue,
        stamp: clock.now(),
      })
    },
  }
}
export type GuestBookings = ReturnType<typeof createGuestBookings>
