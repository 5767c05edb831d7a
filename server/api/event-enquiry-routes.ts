import { CreateEnquirySchema, ENQUIRY_MESSAGES } from '#common/event-enquiry-schema'
import type { Deps } from '../deps'
import { requireChallenge } from '../http/challenge-gate'
import { limitAttempts } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** How many enquiries one address may send in ten minutes: a family's few, not a script's many. */
export const ENQUIRY_ATTEMPTS = 10

/** POST /api/event-enquiries (SPEC.md section 7): 201 with the enquiry; its emails go through the outbox. */
export function eventEnquiryRoutes({ enquiries, challenges }: Services, { db, clock, config }: Deps) {
  const limit = limitAttempts({ db, clock, name: 'enquiries', windowMs: 10 * 60_000, limit: ENQUIRY_ATTEMPTS, message: ENQUIRY_MESSAGES.tooMany })
  const challenge = requireChallenge({ db, clock, secret: config.sessionSecret, limits: config.guestLimits, challenges, form: 'enquiry' })
  return new ApiRoutes().post('/api/event-enquiries', limit, challenge, async (req, res) => {
    const input = CreateEnquirySchema.parse(req.body ?? {})
    res.status(201).json(await enquiries.create(input))
  })
}
