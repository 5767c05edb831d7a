import { IdSchema, VersionBodySchema, wholeNumber, withoutVersion } from '#common/fields-schema'
import { HOURS_MESSAGES } from '#common/hours'
import { HourExceptionSchema, OpeningHoursChangeSchema, ServicesChangeSchema } from '#common/hours-schema'
import { actorOf } from '../auth/guard'
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
      const dayOfWeek = DaySchema.parse(req.params.dayOfWeek)
      const change = OpeningHoursChangeSchema.parse(withoutVersion(req.body))
      res.json(await hours.changeDay(actorOf(req), dayOfWeek, VersionBodySchema.parse(req.body).version, change))
    })
    // A day's booking services (issue 36), replaced whole at the day's version.
    .put('/api/admin/opening-hours/:dayOfWeek/services', 'content.write', async (req, res) => {
      const dayOfWeek = DaySchema.parse(req.params.dayOfWeek)
      const { services } = ServicesChangeSchema.parse(withoutVersion(req.body))
      res.json(await hours.setDayServices(actorOf(req), dayOfWeek, VersionBodySchema.parse(req.body).version, services))
    })
    .get('/api/admin/hour-exceptions', 'content.read', async (_req, res) => {
      res.json(await hours.allExceptions())
    })
    .post('/api/admin/hour-exceptions', 'content.write', async (req, res) => {
      res.status(201).json(await hours.createException(actorOf(req), HourExceptionSchema.parse(req.body)))
    })
    .put('/api/admin/hour-exceptions/:id', 'content.write', async (req, res) => {
      const input = HourExceptionSchema.parse(req.body)
      res.json(await hours.updateException(actorOf(req), IdSchema.parse(req.params.id), VersionBodySchema.parse(req.body).version, input))
    })
    .put('/api/admin/hour-exceptions/:id/services', 'content.write', async (req, res) => {
      const id = IdSchema.parse(req.params.id)
      const { services } = ServicesChangeSchema.parse(withoutVersion(req.body))
      res.json(await hours.setExceptionServices(actorOf(req), id, VersionBodySchema.parse(req.body).version, services))
    })
    .delete('/api/admin/hour-exceptions/:id', 'content.delete', async (req, res) => {
      await hours.deleteException(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
