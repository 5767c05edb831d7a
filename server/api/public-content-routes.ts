import { todayIn } from '#common/time'
import type { Deps } from '../deps'
import { NotFoundError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * Public reads shared by several pages: opening hours, exceptions, events, cocktails content.
 * Hours and events answers are kept in memory a moment (server/http/public-reads.ts); staff changes drop them.
 */
export function publicContentRoutes({ hours, events, cocktails, publicReads }: Services, { clock, config }: Deps) {
  const today = () => todayIn(clock.now(), config.venueTimezone)
  return new ApiRoutes()
    .get('/api/opening-hours', async (req, res) => {
      await publicReads.send(req, res, ['hours'], () => hours.openingHours())
    })
    .get('/api/hour-exceptions', async (req, res) => {
      await publicReads.send(req, res, ['hours'], () => hours.exceptionsFrom(today()))
    })
    .get('/api/events/upcoming', async (req, res) => {
      await publicReads.send(req, res, ['events'], () => events.upcoming(today()))
    })
    .get('/api/events/:idOrSlug', async (req, res) => {
      await publicReads.send(req, res, ['events'], async () => {
        const event = await events.findPublic(String(req.params.idOrSlug))
        if (!event) throw new NotFoundError('Event not found')
        return event
      })
    })
    .get('/api/cocktails-content', async (_req, res) => {
      res.json(await cocktails.get())
    })
}
