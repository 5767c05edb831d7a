import { JoinWaitlistSchema, WAITLIST_MESSAGES, WaitlistOfferSchema, WaitlistQuerySchema, WaitlistRemoveSchema } from '#common/waitlist-schema'
import { IdSchema } from '#common/fields-schema'
import { actorOf } from '../auth/guard'
import type { Deps } from '../deps'
import { requireChallenge } from '../http/challenge-gate'
import { limitAttempts } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** How many times one address may ask to join a waitlist in ten minutes: as many as enquiries. */
export const WAITLIST_ATTEMPTS = 10

/** POST /api/waitlist (public, issue 35): 201 with the entry; 'You're on the waitlist' goes through the outbox. */
export function waitlistRoutes({ waitlist, challenges }: Services, { db, clock, config }: Deps) {
  const limit = limitAttempts({ db, clock, name: 'waitlist', windowMs: 10 * 60_000, limit: WAITLIST_ATTEMPTS, message: WAITLIST_MESSAGES.tooMany })
  const challenge = requireChallenge({ db, clock, secret: config.sessionSecret, limits: config.guestLimits, challenges, form: 'waitlist' })
  return new ApiRoutes().post('/api/waitlist', limit, challenge, async (req, res) => {
    const input = JoinWaitlistSchema.parse(req.body ?? {})
    res.status(201).json(await waitlist.join(input, req.ip ?? 'unknown'))
  })
}

/**
 * The staff side of the waitlist (issue 35): a date's entries for whoever
 * reads bookings; offering a time and removing an entry for whoever runs the
 * service. Each change writes its audit row and may name the version it read.
 */
export function adminWaitlistRoutes({ waitlist }: Services) {
  return new ApiRoutes()
    .get('/api/admin/waitlist', 'reservations.read', async (req, res) => {
      res.json({ entries: await waitlist.list(WaitlistQuerySchema.parse(req.query).date) })
    })
    .post('/api/admin/waitlist/:id/offer', 'service.write', async (req, res) => {
      res.json(await waitlist.offerByHand(IdSchema.parse(req.params.id), WaitlistOfferSchema.parse(req.body ?? {}), actorOf(req)))
    })
    .delete('/api/admin/waitlist/:id', 'service.write', async (req, res) => {
      const { version } = WaitlistRemoveSchema.parse({ ...(typeof req.body === 'object' ? req.body : {}), ...req.query })
      await waitlist.remove(IdSchema.parse(req.params.id), version, actorOf(req))
      res.status(204).end()
    })
}
