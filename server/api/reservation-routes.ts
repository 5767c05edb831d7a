import { z } from 'zod'
import { GUESTS_MAX, GUESTS_MIN } from '#common/constants'
import { wholeNumber } from '#common/fields-schema'
import { CreateReservationSchema, RESERVATION_MESSAGES } from '#common/reservation-schema'
import { isValidDate } from '#common/time'
import { ValidationError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const SlotsQuerySchema = z.object({
  partySize: wholeNumber({ min: GUESTS_MIN, max: GUESTS_MAX, message: RESERVATION_MESSAGES.guestsRange }).default(2),
})
const IDEMPOTENCY_KEY_RE = /^[\w.:-]{8,200}$/

/** GET /api/availability/slots/:date, POST /api/reservations (DESIGN.md section 3) and the public forms' challenge. */
export function reservationRoutes({ reservations, publicReads, challenges }: Services) {
  return new ApiRoutes()
    // A fresh proof-of-work challenge for a public form to solve in the background (docs/decisions/0021).
    .get('/api/altcha/challenge', async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await challenges.issue())
    })
    .get('/api/availability/slots/:date', async (req, res) => {
      const date = String(req.params.date)
      if (!isValidDate(date)) throw new ValidationError(RESERVATION_MESSAGES.dateInvalid, { date: RESERVATION_MESSAGES.dateInvalid })
      const { partySize } = SlotsQuerySchema.parse(req.query)
      // Kept a moment per URL; a booking, a staff change of a booking, hours or settings drops it.
      await publicReads.send(req, res, ['availability', `date:${date}`], () => reservations.slots(date, partySize))
    })
    .post('/api/reservations', async (req, res) => {
      // In a rush, taken in while the batch before writes, not while it reads (decision 44).
      await reservations.bookingTurn()
      // The attempt limit is counted by the booking's own transaction; a request
      // refused before it still counts, as a script sending junk would.
      const client = req.ip ?? 'unknown'
      const parsed = CreateReservationSchema.safeParse(req.body ?? {})
      const key = req.get('idempotency-key')
      const badKey = key !== undefined && !IDEMPOTENCY_KEY_RE.test(key)
      if (!parsed.success || badKey) {
        await reservations.countAttempt(client)
        throw parsed.error ?? new ValidationError('Idempotency-Key must be 8 to 200 letters, digits or - _ . :')
      }
      const result = await reservations.create(parsed.data, { client, idempotencyKey: key })
      if (result.replayed) res.set('Idempotent-Replayed', 'true')
      res.status(result.statusCode).json(result.body)
    })
}
