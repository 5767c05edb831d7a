import { availableSlots, checkSlot, type SlotQuery } from '../../common/availability'
import {
  DUPLICATE_BOOKING_MESSAGE,
  EVENT_FULL_MESSAGE,
  RESERVATION_MESSAGES,
  slotUnavailableMessage,
  type AvailabilitySlot,
  type CreateReservationInput,
  type PublicReservation,
} from '../../common/reservation'
import { dayOfWeek, formatTime12, minutesToTime, todayIn, zonedParts } from '../../common/time'
import type { DbOrTx } from '../db/client'
import type { Deps } from '../deps'
import type { Reservation } from '../db/schema'
import { ConflictError, NotFoundError, ValidationError } from '../http/errors'
import type { BookingSettings, SettingsService } from '../settings/settings-service'
import * as data from './reservations-data'
import { createReservationEvents, type ReservationEvents } from './reservation-events'

export type CreateResult = { statusCode: number; body: PublicReservation; replayed: boolean }

/** The fields of a reservation the public may see. */
export function publicReservation(r: Reservation): PublicReservation {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    date: r.date,
    startTime: r.startTime,
    partySize: r.partySize,
    additionalInfo: r.additionalInfo,
    foodDrinks: r.foodDrinks as PublicReservation['foodDrinks'],
    receiveOffers: r.receiveOffers,
    status: r.status as PublicReservation['status'],
    eventId: r.eventId,
    createdAt: r.createdAt.toISOString(),
  }
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/** Availability and public table bookings (DESIGN.md section 3). */
export function createReservationsService(
  { db, clock, config, logger }: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>,
  {
    settings,
    events = createReservationEvents((err, name) => logger.error({ err, event: name }, 'Reservation listener failed')),
  }: { settings: SettingsService; events?: ReservationEvents },
) {
  const timeZone = config.venueTimezone

  async function slotQuery(
    date: string,
    partySize: number,
    reader: DbOrTx = db,
    known?: BookingSettings,
    holder?: { email: string; startTime: string },
  ): Promise<SlotQuery & { duplicate: boolean }> {
    const [rules, day] = await Promise.all([known ?? settings.booking(), data.dayData(reader, date, dayOfWeek(date), holder)])
    return { date, partySize, now: clock.now(), timeZone, rules, ...day }
  }

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

  return {
    events,

    /** The start times a party can book on a date; [] for a past, closed or full date. */
    async slots(date: string, partySize: number): Promise<AvailabilitySlot[]> {
      if (date < todayIn(clock.now(), timeZone)) return []
      return availableSlots(await slotQuery(date, partySize)).map((startTime) => ({ date, startTime }))
    },

    /**
     * Books a table. Under a lock on the date it re-checks the slot, refuses a
     * second active booking of the same email at the same time, and inserts;
     * with an idempotency key a retry gets the first answer back.
     */
    async create(input: CreateReservationInput, options: { idempotencyKey?: string } = {}): Promise<CreateResult> {
      if (input.website?.trim()) throw new ValidationError(RESERVATION_MESSAGES.honeypot)
      const key = options.idempotencyKey
      if (key) {
        const earlier = await data.findIdempotentResult(db, key)
        if (earlier) return { statusCode: earlier.statusCode, body: earlier.body as PublicReservation, replayed: true }
      }

      const event = input.eventId !== undefined ? await bookableEvent(input.eventId) : undefined
      const date = event?.date ?? input.date
      const startTime = event?.time ?? input.startTime!
      const prefix = event ? `Event booking: ${event.title}.` : ''
      const additionalInfo =
        event && !input.additionalInfo.startsWith(prefix) ? `${prefix} ${input.additionalInfo}`.trim() : input.additionalInfo
      const rules = await settings.booking()
      const unavailable = () => new ConflictError(slotUnavailableMessage(formatTime12(startTime), input.partySize))

      try {
        const created = await db.transaction(async (tx) => {
          // Lock the date so two guests cannot take the last table at once.
          await data.lockDate(tx, date)
          if (key) {
            const earlier = await data.findIdempotentResult(tx, key)
            if (earlier) return { replay: earlier }
          }
          if (event) {
            if (await data.hasActiveBookingFor(tx, input.email, date, startTime)) throw new ConflictError(DUPLICATE_BOOKING_MESSAGE)
            if (event.capacity !== null && (await data.eventCovers(tx, event.id)) + input.partySize > event.capacity) {
              throw new ConflictError(EVENT_FULL_MESSAGE(event.title, input.partySize))
            }
          } else {
            // One round trip: the day's hours, its bookings and whether this guest already holds the slot.
            const query = await slotQuery(date, input.partySize, tx, rules, { email: input.email, startTime })
            if (query.duplicate) throw new ConflictError(DUPLICATE_BOOKING_MESSAGE)
            if (checkSlot(query, startTime) !== 'ok') throw unavailable()
          }
          const reservation = await data.insertReservation(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            date,
            startTime,
            partySize: input.partySize,
            additionalInfo,
            foodDrinks: input.foodDrinks,
            receiveOffers: input.receiveOffers,
            status: input.partySize <= rules.autoConfirmMaxParty ? 'confirmed' : 'pending',
            eventId: event?.id ?? null,
            idempotencyKey: key ?? null,
          })
          if (input.receiveOffers) await data.upsertMarketingConsent(tx, input.email, input.name)
          if (key) await data.saveIdempotentResult(tx, key, { statusCode: 201, body: publicReservation(reservation) })
          await events.emitInTransaction(tx, 'reservation.created', { reservation })
          return { reservation }
        })
        if (created.replay) {
          return { statusCode: created.replay.statusCode, body: created.replay.body as PublicReservation, replayed: true }
        }
        events.emit('reservation.created', { reservation: created.reservation })
        return { statusCode: 201, body: publicReservation(created.reservation), replayed: false }
      } catch (error) {
        // The same key sent at once for two different dates: the loser replays the winner's answer.
        if (key && isUniqueViolation(error)) {
          const earlier = await data.findIdempotentResult(db, key)
          if (earlier) return { statusCode: earlier.statusCode, body: earlier.body as PublicReservation, replayed: true }
        }
        throw error
      }
    },
  }
}
export type ReservationsService = ReturnType<typeof createReservationsService>
