/** The request schemas of Table Booking Hours (the rules and messages are in common/hours.ts). */
import { z } from 'zod'
import { DAYS_THAT_MATTER_MAX_MONTHS, DAYS_THAT_MATTER_MONTHS } from './days-that-matter'
import { text } from './fields-schema'
import { LAST_ORDERS_MESSAGES, lastOrdersProblem } from './last-orders'
import { HOURS_MESSAGES as M, hoursProblem, onHalfHour } from './hours'
import { MAX_SERVICES, SERVICE_NAME_MAX, SERVICE_PACING_MAX, SERVICES_MESSAGES as S } from './services'
import { isValidDate } from './time'

const time = (message: string) => text({ max: 5, label: 'Time', tooLong: message }).refine(onHalfHour, message)
export const openTimeField = time(M.openTimeInterval)
export const closeTimeField = time(M.closeTimeInterval)
/** The kitchen's last orders: a half hour, or null for none (food until close; on an exception: the weekday's). */
export const lastOrdersField = time(LAST_ORDERS_MESSAGES.interval).nullable()

/** PUT /api/admin/opening-hours/{dayOfWeek}: one changed field at a time (SPEC.md section 7). */
export const OpeningHoursChangeSchema = z.union(
  [
    z.object({ isClosed: z.boolean() }).strict(),
    z.object({ openTime: openTimeField }).strict(),
    z.object({ closeTime: closeTimeField }).strict(),
    z.object({ lastOrdersTime: lastOrdersField }).strict(),
  ],
  { error: M.oneChange },
)
export type OpeningHoursChange = z.infer<typeof OpeningHoursChangeSchema>

/** A booking service (issue 36): a name, a start and an end on half hours, and optionally its own pacing. */
export const ServiceSchema = z.object(
  {
    name: text({ max: SERVICE_NAME_MAX, required: S.nameRequired, label: 'Name', tooLong: S.nameTooLong }),
    startTime: time(S.startInterval),
    endTime: time(S.endInterval),
    maxCoversPerSlot: z
      .number({ error: S.pacing })
      .int(S.pacing)
      .min(1, S.pacing)
      .max(SERVICE_PACING_MAX, S.pacing)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  },
  { error: S.list },
)
/** A day's services, replaced whole; none: one service spanning the day's hours. */
export const ServicesSchema = z.array(ServiceSchema, { error: S.list }).max(MAX_SERVICES, S.tooMany)
/** PUT /api/admin/opening-hours/{dayOfWeek}/services and /api/admin/hour-exceptions/{id}/services (with the day's version). */
export const ServicesChangeSchema = z.object({ services: ServicesSchema }, { error: S.list })

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)

/**
 * An hour exception (SPEC.md section 5): a date and a reason are required; if
 * it is closed all day, its times are stored empty; otherwise both times, on
 * half hours, close after open.
 */
export const HourExceptionSchema = z
  .object({
    date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
    isClosed: z.boolean({ error: 'isClosed must be true or false' }).default(false),
    openTime: z.preprocess(blankToNull, openTimeField.nullable()),
    closeTime: z.preprocess(blankToNull, closeTimeField.nullable()),
    lastOrdersTime: z.preprocess(blankToNull, lastOrdersField),
    reason: text({ max: 200, required: M.reasonRequired, label: 'Reason' }),
  })
  .transform((e) => (e.isClosed ? { ...e, openTime: null, closeTime: null, lastOrdersTime: null } : e))
  .superRefine((e, ctx) => {
    const problem = hoursProblem(e)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem === M.closeAfterOpen ? 'closeTime' : 'openTime'] })
    else {
      const lastOrders = lastOrdersProblem(e)
      if (lastOrders) ctx.addIssue({ code: 'custom', message: lastOrders, path: ['lastOrdersTime'] })
    }
  })
export type HourExceptionInput = z.infer<typeof HourExceptionSchema>

const MONTHS_MESSAGE = `Months must be a whole number from 1 to ${DAYS_THAT_MATTER_MAX_MONTHS}`

/** GET /api/admin/hours/days-that-matter: from a date (default today) for a number of months (default 12, at most 24). */
export const DaysThatMatterQuerySchema = z.object({
  from: text({ max: 10, label: 'From', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid).optional(),
  months: z.coerce
    .number({ error: MONTHS_MESSAGE })
    .int(MONTHS_MESSAGE)
    .min(1, MONTHS_MESSAGE)
    .max(DAYS_THAT_MATTER_MAX_MONTHS, MONTHS_MESSAGE)
    .default(DAYS_THAT_MATTER_MONTHS),
})
