import type pg from 'pg'
import { availableSlots, zonedInstant } from '#common/availability'
import { GUEST_CHANGE_CUTOFF_HOURS, MANAGE_MESSAGES as M, type ManageLinkProblem, type ManageState, type ManageView } from '#common/manage-booking'
import type { ChangeBookingInput } from '#common/manage-booking-schema'
import { slotUnavailableMessage, type AvailabilitySlot } from '#common/reservation-schema'
import { dayOfWeek, formatTime12, todayIn } from '#common/time'
import type { Reservation } from '../db/schema'
import type { Deps } from '../deps'
import { bookingCalendarFile } from './ics'
import { MANAGE_LINK_PURPOSE } from './manage-link'
import { ConflictError, DomainError } from '../domain-errors'
import type { SettingsService } from '../settings/settings-service'
import { verifyToken } from '../signed-tokens'
import type { ReservationEvents } from './reservation-events'
import { bookingRules, decideBooking } from './booking-decision'
import { dayWithoutQuery, heldSlotQuery, insertReservationTablesQuery, RESERVATION_FIELDS } from './booking-sql'
import { dayOf, planOf, runStatements, withDatesLocked, type DayData, type DayRow } from './reservations-data'
import type { FloorPlan } from '#common/tables'
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

  /** The reservation id a token is for, or the reason it opens nothing. */
  async function idOf(token: string): Promise<number> {
    const check = verifyToken<{ r: number }>(config.sessionSecret, MANAGE_LINK_PURPOSE, token, clock.now())
    if (check.ok && Number.isInteger(check.payload?.r)) return check.payload.r
    throw new ManageLinkError(check.ok || check.reason !== 'expired' ? 'invalid' : 'expired', await phone())
  }

  async function find(client: Queryable, id: number, lock = false): Promise<Reservation | undefined> {
    const { rows } = await client.query<Reservation>(`select ${RESERVATION_FIELDS} from reservations where id = $1${lock ? ' for update' : ''}`, [id])
    return rows[0]
  }

  async function load(token: string): Promise<Reservation> {
    const reservation = await find(db.$client, await idOf(token))
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
        email: r.email,
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

  /** Refuses a change unless the booking can still be changed online. */
  async function mustBeOpen(r: Reservation) {
    const state = stateOf(r, clock.now())
    if (state === 'open') return
    const message = state === 'phone' ? M.phoneOnly(await phone()) : state === 'cancelled' ? M.cancelled : M.past
    throw new ConflictError(message, `booking_${state}`)
  }

  /** A day's hours, active bookings and tables, this booking's own seats and tables left out. */
  async function dayWithout(client: Queryable, date: string, id: number, fallbackMinutes: number): Promise<DayData> {
    const { rows } = await client.query<DayRow & FloorPlan>(dayWithoutQuery(date, dayOfWeek(date), id, fallbackMinutes))
    return dayOf(rows[0]!, planOf(rows[0]!))
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
      return availableSlots({ date, partySize, now, timeZone, rules, ...day }).map((startTime) => ({ date, startTime }))
    },

    /**
     * Moves the booking to another date, time or party size, under the locks of
     * both dates, by the rules of a new booking. A party over the size staff
     * confirm at once goes back to pending; one within it is confirmed.
     */
    async change(token: string, input: ChangeBookingInput): Promise<ManageView & { changed: boolean }> {
      const before = await load(token)
      await mustBeOpen(before)
      if (before.eventId !== null) throw new ConflictError(M.eventTable(await phone()), 'event_booking')
      if (input.date === before.date && input.startTime === before.startTime && input.partySize === before.partySize) {
        return { ...(await viewOf(before)), changed: false }
      }
      const rules = bookingRules(await settings.booking(), timeZone)
      const change = await withDatesLocked(db, [before.date, input.date], async (client) => {
        const current = (await find(client, before.id, true))!
        // Changed by staff meanwhile (or by the guest in another tab): decide on what is there now.
        if (current.date !== before.date) throw new ConflictError('This booking was changed meanwhile. Please reload the page and try again.')
        await mustBeOpen(current)
        const now = clock.now()
        const [day, held] = await Promise.all([
          dayWithout(client, input.date, current.id, rules.durationMinutes),
          // Another active booking of the same guest at that time (the rule of a new booking).
          client.query(heldSlotQuery(current.email, input.date, input.startTime, current.id)),
        ])
        // The rules of a new booking: a party over the size staff confirm at once goes back to pending.
        const decision = decideBooking(input, { ...day, duplicate: Boolean(held.rowCount) }, rules, now)
        if (decision.outcome === 'refused') {
          // The guest's own duplicate says so; any other reason is "that time is no longer available".
          throw new ConflictError(decision.reason.message, decision.reason.code === 'duplicate' ? undefined : 'slot_unavailable')
        }
        const status = decision.status
        // A new visit time gets its own reminder.
        const moved = input.date !== current.date || input.startTime !== current.startTime
        // Its tables are chosen again the way a new booking's are (issue 34): the old ones go first, so the
        // exclusion constraint never sees the booking twice; a venue without tables keeps the stored duration.
        const seated = decision.seated
        await client.query('delete from reservation_tables where reservation_id = $1', [current.id])
        const { rows } = await client.query<Reservation>(
          `update reservations set date = $2, start_time = $3, party_size = $4, status = $5, changed_by = 'guest', changed_at = $6, updated_at = $6,
             duration_minutes = $7 ${moved ? ', reminder_sent_at = null' : ''}
           where id = $1 returning ${RESERVATION_FIELDS}`,
          [current.id, input.date, input.startTime, input.partySize, status, now, seated?.durationMinutes ?? current.durationMinutes],
        )
        if (seated?.tableIds.length) {
          await client.query(insertReservationTablesQuery(seated.tableIds.map((tableId) => ({ reservationId: current.id, tableId }))))
        }
        const payload = { reservation: rows[0]!, previous: current, by: 'guest' as const }
        await runStatements(client, await events.statementsFor('reservation.changed', [payload]))
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

    /** Cancels the booking: its seats are free at once. */
    async cancel(token: string): Promise<ManageView> {
      const before = await load(token)
      await mustBeOpen(before)
      // The date's lock, as for any change of seats: a booking being made sees the seats either taken or free.
      const cancelled = await withDatesLocked(db, [before.date], async (client) => {
        const current = (await find(client, before.id, true))!
        await mustBeOpen(current)
        const { rows } = await client.query<Reservation>(
          `update reservations set status = 'cancelled', changed_by = 'guest', changed_at = $2, updated_at = $2 where id = $1 returning ${RESERVATION_FIELDS}`,
          [current.id, clock.now()],
        )
        const payload = { reservation: rows[0]!, previousStatus: current.status as 'pending' | 'confirmed', declined: false, by: 'guest' as const }
        await runStatements(client, await events.statementsFor('reservation.cancelled', [payload]))
        return payload
      })
      forgetDays([cancelled.reservation.date])
      events.emit('reservation.cancelled', cancelled)
      return viewOf(cancelled.reservation)
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
