import { IdSchema, wholeNumber } from '#common/fields-schema'
import { HOURS_MESSAGES } from '#common/hours'
import { HourExceptionSchema, OpeningHoursChangeSchema } from '#common/hours-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const DaySchema = wholeNumber({ min: 0, max: 6, message: HOURS_MESSAGES.dayInvalid })

/** Table Booking Hours (staff only: each route names its permission): the weekly rows and the date exceptions. */
export function adminHoursRoutes({ hours }: Services) {
  return new ApiRoutes()
    .get('/api/admin/opening-hours', 'content.read', async (_req, res) => {
      res.json(await hours.week())
    })
    .put('/api/admin/opening-hours/:dayOfWeek', 'content.write', async (req, res) => {
      res.json(await hours.changeDay(DaySchema.parse(req.params.dayOfWeek), OpeningHoursChangeSchema.parse(req.body)))
    })
    .get('/api/admin/hour-exceptions', 'content.read', async (_req, res) => {
      res.json(await hours.allExceptions())
    })
    .post('/api/admin/hour-exceptions', 'content.write', async (req, res) => {
      res.status(201).json(await hours.createException(HourExceptionSchema.parse(req.body)))
    })
    .put('/api/admin/hour-exceptions/:id', 'content.write', async (req, res) => {
      res.json(await hours.updateException(IdSchema.parse(req.params.id), HourExceptionSchema.parse(req.body)))
    })
    .delete('/api/admin/hour-exceptions/:id', 'content.delete', async (req, res) => {
      await hours.deleteException(IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
