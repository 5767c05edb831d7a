import crypto from 'node:crypto'
import { z } from 'zod'
import { GUESTS_MAX, GUESTS_MIN } from '#common/constants'
import { wholeNumber } from '#common/fields-schema'
import { MANAGE_CHANGES_PER_HOUR, MANAGE_MESSAGES } from '#common/manage-booking'
import { ChangeBookingSchema } from '#common/manage-booking-schema'
import { RESERVATION_MESSAGES } from '#common/reservation-schema'
import { isValidDate } from '#common/time'
import { guestActor } from '../audit/audit'
import type { Deps } from '../deps'
import { ValidationError } from '../http/errors'
import { limitAttempts } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const SlotsQuerySchema = z.object({
  partySize: wholeNumber({ min: GUESTS_MIN, max: GUESTS_MAX, message: RESERVATION_MESSAGES.guestsRange }).default(2),
})

/**
 * A guest's own booking through the signed link in their emails (issue 15):
 * read it, the times it could move to, move it, cancel it, or take it as a
 * calendar file. The token is the only key: no id travels in the address.
 */
/** The name the link's changes are counted under in `rate_limits` (its keys are `manage-change:<link>`). */
export const MANAGE_CHANGES_LIMIT = 'manage-change'

export function manageBookingRoutes({ guestBookings }: Services, { db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const token = (params: Record<string, unknown>) => String(params.token)
  // Per link, counted in PostgreSQL: a hundred changes a second once wrote a hundred emails to the guest and to staff.
  const changes = limitAttempts({
    db,
    clock,
    name: MANAGE_CHANGES_LIMIT,
    windowMs: 60 * 60_000,
    limit: MANAGE_CHANGES_PER_HOUR,
    message: MANAGE_MESSAGES.tooManyChanges,
    key: (req) => crypto.createHash('sha256').update(token(req.params)).digest('base64url').slice(0, 32),
  })
  return new ApiRoutes()
    .get('/api/manage-booking/:token', async (req, res) => {
      res.json(await guestBookings.view(token(req.params)))
    })
    .get('/api/manage-booking/:token/slots/:date', async (req, res) => {
      const date = String(req.params.date)
      if (!isValidDate(date)) throw new ValidationError(RESERVATION_MESSAGES.dateInvalid, { date: RESERVATION_MESSAGES.dateInvalid })
      const { partySize } = SlotsQuerySchema.parse(req.query)
      res.json(await guestBookings.slots(token(req.params), date, partySize))
    })
    .patch('/api/manage-booking/:token', changes, async (req, res) => {
      const input = ChangeBookingSchema.parse(req.body ?? {})
      res.json(await guestBookings.change(token(req.params), input, guestActor(req.ip)))
    })
    .post('/api/manage-booking/:token/cancel', changes, async (req, res) => {
      res.json(await guestBookings.cancel(token(req.params), guestActor(req.ip)))
    })
    .get('/api/manage-booking/:token/calendar.ics', async (req, res) => {
      const file = await guestBookings.calendar(token(req.params))
      res.set('Content-Type', 'text/calendar; charset=utf-8')
      res.set('Content-Disposition', 'attachment; filename="booking.ics"')
      res.set('Cache-Control', 'private, no-store')
      res.send(file)
    })
}
