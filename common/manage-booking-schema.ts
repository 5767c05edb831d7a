/** The body of a guest's change through their manage link (PATCH /api/manage-booking/{token}). */
import { z } from 'zod'
import { GUESTS_MAX, GUESTS_MIN } from './constants'
import { text, wholeNumber } from './fields-schema'
import { RESERVATION_MESSAGES as M } from './reservation-form'
import { isValidDate, isValidTime } from './time'

export const ChangeBookingSchema = z.object({
  date: text({ max: 10, required: M.dateRequired, label: 'Date', tooLong: M.dateInvalid }).refine(isValidDate, M.dateInvalid),
  startTime: text({ max: 5, required: M.startTimeRequired, label: 'Start time', tooLong: M.startTimeInvalid }).refine(isValidTime, M.startTimeInvalid),
  partySize: wholeNumber({ min: GUESTS_MIN, max: GUESTS_MAX, message: M.guestsRange }),
})
export type ChangeBookingInput = z.infer<typeof ChangeBookingSchema>
