import crypto from 'node:crypto'
import { availableSlots, lastOrdersFor, startsThatMatter } from '#common/availability'
import {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  RESERVATION_MESSAGES,
  slotsOf,
  slotUnavailableMessage,
  toPublicReservation,
  type AvailabilitySlot,
  type CreateReservationInput,
  type PublicReservation,
} from '#common/reservation-schema'
import { dayOfWeek, formatTime12, minutesToTime, todayIn, zonedParts } from '#common/time'
import { createTtlCache } from '../cache'
import type { Deps } from '../deps'
import type { Reservation } from '../db/schema'
import { ConflictError, DomainError, NotFoundError, UnprocessableError, ValidationError } from '../domain-errors'
import { AttemptLimit } from '../rate-limits/attempts'
import { checkChallenge, clientKeyOf, hourlyKeys, type Challenges } from '../rate-limits/challenge'
import { phoneKey } from '#common/phone'
import type { SettingsService } from '../settings/settings-service'
import * as data from './reservations-data'
import { createBookingQueue } from './booking-batch'
import { BookingRefusedError, bookingRules, decideBooking, UNCONFIRMED_HOLD_MINUTES, type BookingRequest } from './booking-decision'
import { oneAtATime } from './one-at-a-time'
import { createReservationEvents, type ReservationEvents } from './reservation-events'
import { isExclusionViolation, isUniqueViolation } from '../db/errors'

export type CreateResult = { statusCode: number; body: PublicReservation; replayed: boolean }

/**
 * The booking a request asks for, so a retry can be told from a different
 * booking sent with the same key. The challenge's solution is left out: a
 * retry may carry a fresh one.
 */
function fingerprintOf({ altcha: _solution, ...input }: CreateReservationInput): string {
  return crypto.createHash('sha256').update(JSON.stringify(input)).digest('base64url')
}

/** A replay of an Idempotency-Key must be the same booking (rows from before fingerprints match anything). */
function checkSameRequest(replay: Reservation, fingerprint: string) {
  if (replay.idempotencyFingerprint && replay.idempotencyFingerprint !== fingerprint) {
    throw new UnprocessableError(IDEMPOTENCY_MISMATCH_MESSAGE)
  }
}

/** Public booking attempts per client: generous for a family, a wall for a script. */
export const BOOKING_ATTEMPT_LIMIT = new AttemptLimit({
  name: 'reservations',
  windowMs: 10 * 60_000,
  limit: 20,
  message: (retry) => `Too many booking attempts. Please try again ${retry}.`,
})

/**
 * How long a date's hours and bookings are reused for availability. A booking
 * made here drops its date at once; other instances and direct changes show
 * within this time. Bookings never rely on it: they re-read under the date lock.
 */
const DAY_CACHE_MS = 1000

/** Availability and public table bookings (DESIGN.md section 3). */
export function createReservationsService(
  { db, clock, config, logger }: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>,
  {
    settings,
    challenges,
    events = createReservationEvents((err, name) => logger.error({ err, event: name }, 'Reservation listener failed')),
    onForgetDays = () => {},
  }: {
    settings: SettingsService
    /** The proof-of-work challenge's checks (rate-limits/challenge.ts). */
    challenges: Challenges
    events?: ReservationEvents
    /** Runs whenever dates' availability is forgotten (all dates when none are given), for the answers built on it. */
    onForgetDays?: (dates?: string[]) => void
  },
) {
  const timeZone = config.venueTimezone
  const days = createTtlCache<string, data.DayData>({ ttlMs: DAY_CACHE_MS })
  // What commits with a guest's booking: the statements in-transaction listeners give (its emails).
  const afterInsert: data.AfterInsert = (rows) =>
    events.statementsFor('reservation.created', rows.map((reservation) => ({ reservation, by: 'guest' as const })))
  const tables = createBookingQueue(db, afterInsert)
  // Event bookings take one transaction each; one date's wait here, not on a pooled connection each.
  const eventBookingsOf = oneAtATime()

  /** A table-type, published event that has not started yet, or an error saying why not. */
  async function bookableEvent(eventId: number) {
    const event = await data.findEvent(db, eventId)
    if (!event || event.status === 'draft') throw new NotFoundError('Event not found')
    const now = zonedParts(clock.now(), timeZone)
    const started = event.date < now.date || (event.date === now.date && event.time <= minutesToTime(now.minutes))
    if (event.status === 'cancelled' || event.bookingType !== 'table' || started) {
      throw new ConflictError('Sorry, this event is not taking table bookings.')
    }
    return event
  }

  /** Counts a refused attempt against the client's limit; 429 once over it. */
  function countAttempt(client: string) {
    return BOOKING_ATTEMPT_LIMIT.count(db, client, clock.now())
  }

  /** Forgets the cached availability of some dates, or of all of them (after staff change bookings or hours). */
  function forgetDays(dates?: string[]) {
    if (dates) for (const date of dates) days.drop(date)
    else days.clear()
    onForgetDays(dates)
  }

  return {
    events,
    countAttempt,
    forgetDays,
    /**
     * Resolves once no table booking has been waiting or committed here for a
     * quiet moment (25 ms unless `quietMs` says), or after `maxMs` at most (for work that can wait).
     */
    bookingsIdle: (maxMs: number, quietMs?: number) => tables.idle(maxMs, quietMs),
    /** When a booking just arrived may be taken in (booking-batch.ts `turn`); undefined: now. */
    bookingTurn: (maxMs?: number) => tables.turn(maxMs),

    /** The start times a party can book on a date; [] for a past, closed or full date. */
    async slots(date: string, partySize: number): Promise<AvailabilitySlot[]> {
      const now = clock.now()
      if (date < todayIn(now, timeZone)) return []
      const rules = await settings.booking()
      const day = await days.get(date, () => data.dayData(db, date, dayOfWeek(date), now, rules.durationMinutes))
      return slotsOf(date, availableSlots({ date, partySize, now, timeZone, rules, ...day }), lastOrdersFor(date, day.weekly, day.exceptions))
    },

    /**
     * Books a table for `client` (the caller's address, for the attempt limit).
     * Under a lock on the date it re-checks the slot, refuses a second active
     * booking of the same email at the same time, and inserts; with an
     * idempotency key a retry gets the first booking back. A waitlist claim
     * (`source: 'waitlist'`) comes from a signed link, which stands for the
     * proof-of-work challenge; every other rule is the same.
     */
    async create(input: CreateReservationInput, options: { client: string; idempotencyKey?: string; source?: 'waitlist' }): Promise<CreateResult> {
      const { client, idempotencyKey: key, source } = options
      if (input.website?.trim()) {
        await countAttempt(client)
        throw new ValidationError(RESERVATION_MESSAGES.honeypot)
      }
      const event =
        input.eventId !== undefined
          ? await bookableEvent(input.eventId).catch(async (error: unknown) => {
              await countAttempt(client)
              throw error
            })
          : undefined
      const date = event?.date ?? input.date
      const startTime = event?.time ?? input.startTime!
      const prefix = event ? `Event booking: ${event.title}.` : ''
      const additionalInfo =
        event && !input.additionalInfo.startsWith(prefix) ? `${prefix} ${input.additionalInfo}`.trim() : input.additionalInfo
      const limits = config.guestLimits
      const rules = bookingRules(await settings.booking(), timeZone, limits)
      const now = clock.now()
      const fingerprint = key ? fingerprintOf(input) : null
      const request: BookingRequest = { date, startTime, partySize: input.partySize, event, foodDrinks: input.foodDrinks }
      // Checked before the transaction (an HMAC or two); whether it is needed, and unused, is read in it.
      const solution = await challenges.check(input.altcha)
      const clientKey = clientKeyOf(config.sessionSecret, client)
      const holder: data.Holder = { email: input.email, startTime, phoneKey: phoneKey(input.phone), clientKey }

      const decide: data.Decide = (reads) => {
        BOOKING_ATTEMPT_LIMIT.check(reads.attempt, now.getTime())
        if (reads.replay) {
          checkSameRequest(reads.replay, fingerprint!)
          return undefined
        }
        if (source !== 'waitlist') checkChallenge(reads.challenge, solution, limits)
        const decision = decideBooking(request, (reads.event ?? reads.day)!, rules, now)
        if (decision.outcome === 'refused') {
          // Food after the kitchen's last orders is the guest's choice to change (Drinks Only), not a full time: 400.
          if (decision.reason.code === 'last_orders') throw new ValidationError(decision.reason.message, { foodDrinks: decision.reason.message })
          throw new BookingRefusedError(decision.reason)
        }
        return {
          reservation: {
            name: input.name,
            email: input.email,
            phone: input.phone,
            date,
            startTime,
            partySize: input.partySize,
            additionalInfo,
            foodDrinks: input.foodDrinks,
            receiveOffers: input.receiveOffers,
            status: decision.status,
            eventId: event?.id ?? null,
            idempotencyKey: key ?? null,
            idempotencyFingerprint: fingerprint,
            // The turn time for the party when the venue books tables, else the setting: kept, so a later rule never moves it.
            durationMinutes: decision.seated?.durationMinutes ?? rules.durationMinutes,
            // A large party's request holds its seats for a while only, unless its guest confirms it from their email.
            holdUntil: decision.status === 'pending' ? new Date(now.getTime() + UNCONFIRMED_HOLD_MINUTES * 60_000) : null,
            phoneKey: holder.phoneKey,
            clientKey,
            source: event ? 'event' : (source ?? 'online'),
          },
          consent: input.receiveOffers ? { email: input.email, name: input.name } : undefined,
          tableIds: decision.seated?.tableIds,
        }
      }

      const plan: data.BookingPlan = {
        date,
        dayOfWeek: dayOfWeek(date),
        holder,
        partySize: input.partySize,
        starts: startsThatMatter(startTime, rules),
        turnFallback: rules.durationMinutes,
        idempotencyKey: key,
        attempt: BOOKING_ATTEMPT_LIMIT.attempt(client, now),
        hourly: hourlyKeys(clientKey, solution),
      }
      let booked: data.Booked
      try {
        booked = event
          ? await eventBookingsOf(date, () => data.runEventBooking(db, { ...plan, eventId: event.id }, decide, afterInsert))
          : await tables.book(plan, decide)
      } catch (error) {
        // The same key sent at once for two different dates: the loser replays the winner's booking.
        const earlier = key && isUniqueViolation(error) ? await data.findByIdempotencyKey(db, key) : undefined
        if (earlier) {
          checkSameRequest(earlier, fingerprint!)
          return { statusCode: 201, body: toPublicReservation(earlier), replayed: true }
        }
        // A refusal was counted with its transaction; anything else rolled the count back with it.
        if (!(error instanceof DomainError)) await countAttempt(client).catch(() => undefined)
        // The exclusion constraint, the tables' last line of defence, refused an overlap the engine let by: a taken time.
        if (isExclusionViolation(error)) {
          throw new BookingRefusedError({ code: 'tables_taken', message: slotUnavailableMessage(formatTime12(startTime), input.partySize) })
        }
        throw error
      }
      if (!booked.reservation) return { statusCode: 201, body: toPublicReservation(booked.reads.replay!), replayed: true }
      forgetDays([date])
      events.emit('reservation.created', { reservation: booked.reservation, by: 'guest' })
      return { statusCode: 201, body: toPublicReservation(booked.reservation), replayed: false }
    },
  }
}
export type ReservationsService = ReturnType<typeof createReservationsService>
