import { z } from 'zod'
import { GUESTS_MAX, GUESTS_MIN } from '../../common/constants'
import { CreateReservationSchema, RESERVATION_MESSAGES } from '../../common/reservation'
import { isValidDate } from '../../common/time'
import type { Deps } from '../deps'
import { ValidationError } from '../http/errors'
import { createLimiter } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const SlotsQuerySchema = z.object({
  partySize: z.coerce
    .number({ error: RESERVATION_MESSAGES.guestsRange })
    .int(RESERVATION_MESSAGES.guestsRange)
    .min(GUESTS_MIN, RESERVATION_MESSAGES.guestsRange)
    .max(GUESTS_MAX, RESERVATION_MESSAGES.guestsRange)
    .default(2),
})
const IDEMPOTENCY_KEY_RE = /^[\w.:-]{8,200}$/

/** Public booking limit per IP: generous for a family, a wall for a script. */
export const RESERVATION_RATE_LIMIT = { windowMs: 10 * 60_000, limit: 20 }

/** GET /api/availability/slots/:date and POST /api/reservations (DESIGN.md section 3). */
export function reservationRoutes({ reservations }: Services, { db }: Deps) {
  const limiter = createLimiter({
    db,
    name: 'reservations',
    ...RESERVATION_RATE_LIMIT,
    message: (retry) => `Too many booking attempts. Please try again ${retry}.`,
  })

  return new ApiRoutes()
    .get('/api/availability/slots/:date', async (req, res) => {
      const date = String(req.params.date)
      if (!isValidDate(date)) throw new ValidationError(RESERVATION_MESSAGES.dateInvalid, { date: RESERVATION_MESSAGES.dateInvalid })
      const { partySize } = SlotsQuerySchema.parse(req.query)
      res.json(await reservations.slots(date, partySize))
    })
    .post('/api/reservations', limiter, async (req, res) => {
      const input = CreateReservationSchema.parse(req.body ?? {})
      const header = req.get('idempotency-key')
      if (header !== undefined && !IDEMPOTENCY_KEY_RE.test(header)) {
        throw new ValidationError('Idempotency-Key must be 8 to 200 letters, digits or - _ . :')
      }
      const result = await reservations.create(input, { idempotencyKey: header })
      if (result.replayed) res.set('Idempotent-Replayed', 'true')
      res.status(result.statusCode).json(result.body)
    })
}
