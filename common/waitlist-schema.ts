/**
 * The waitlist's zod schemas (issue 35): the public form's body and staff's
 * requests. The messages are those of the booking form (common/reservation-form.ts).
 */
import { z } from 'zod'
import { GUESTS_MAX, GUESTS_MIN } from './constants'
import { email, text, VersionSchema, wholeNumber } from './fields-schema'
import { ChallengeSolutionSchema, normalizeTime } from './reservation-schema'
import { isValidDate, isValidTime } from './time'
import { WAITLIST_MESSAGES, windowProblem } from './waitlist-form'

export * from './waitlist-form'

const M = WAITLIST_MESSAGES

const time = (required: string) =>
  text({ max: 16, required, label: 'Time', tooLong: M.timeInvalid })
    .transform(normalizeTime)
    .refine(isValidTime, M.timeInvalid)

/** `POST /api/waitlist`: who, for which date and party, and the times they could start (at most two hours apart). `website` is a honeypot. */
export const JoinWaitlistSchema = z
  .object({
    name: text({ max: 200, required: M.nameRequired, label: 'Name', tooLong: M.tooLong }),
    email: email({ required: M.emailRequired, invalid: M.emailInvalid }),
    phone: text({ max: 40, required: M.phoneRequired, label: 'Phone', tooLong: M.tooLong }),
    date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
    partySize: wholeNumber({ min: GUESTS_MIN, max: GUESTS_MAX, message: M.partyRange(GUESTS_MAX) }),
    earliestTime: time(M.earliestRequired),
    latestTime: time(M.latestRequired),
    website: text({ max: 500, label: 'Website' }).optional(),
    altcha: ChallengeSolutionSchema,
  })
  .superRefine((v, ctx) => {
    const problem = windowProblem(v.earliestTime, v.latestTime)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['latestTime'] })
  })
export type JoinWaitlistInput = z.infer<typeof JoinWaitlistSchema>

/** `GET /api/admin/waitlist?date=`. */
export const WaitlistQuerySchema = z.object({
  date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
})

/** `POST /api/admin/waitlist/:id/offer`: the start time staff offer, at the entry's version when they send it. */
export const WaitlistOfferSchema = z.object({
  startTime: time(M.earliestRequired),
  version: VersionSchema.optional(),
})

/** `DELETE /api/admin/waitlist/:id`: the version staff read, when they send it (a query parameter or a body). */
export const WaitlistRemoveSchema = z.object({ version: z.coerce.number().int().min(0).optional() })
