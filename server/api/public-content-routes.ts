import { todayIn } from '../../common/time'
import type { Deps } from '../deps'
import { NotFoundError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Public reads shared by several pages: opening hours, exceptions, events, cocktails content. */
export function publicContentRoutes({ hours, events, cocktails }: Services, { clock, config }: Deps) {
  const today = () => todayIn(clock.now(), config.venueTimezone)
  return new ApiRoutes()
    .get('/api/opening-hours', async (_req, res) => {
      res.json(await hours.openingHours())
    })
    .get('/api/hour-exceptions', async (_req, res) => {
      res.json(await hours.exceptionsFrom(today()))
    })
    .get('/api/events/upcoming', async (_req, res) => {
      res.json(await events.upcoming(today()))
    })
    .get('/api/events/:idOrSlug', async (req, res) => {
      const event = await events.findPublic(String(req.params.idOrSlug))
      if (!event) throw new NotFoundError('Event not found')
      res.json(event)
    })
    .get('/api/cocktails-content', async (_req, res) => {
      res.json(await cocktails.get())
    })
}
