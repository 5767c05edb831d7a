import type { AdminNotices } from '#common/admin-notices'
import { DaysThatMatterQuerySchema } from '#common/hours-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * The days that matter (bank holidays and the festive days, with the hours
 * that would apply) for Opening Hours, and the notices the back-office's
 * banners show: a day coming up on ordinary hours, a site address not set.
 */
export function adminNoticesRoutes({ daysThatMatter, settings }: Services) {
  return new ApiRoutes()
    .get('/api/admin/hours/days-that-matter', 'content.read', async (req, res) => {
      const query = DaysThatMatterQuerySchema.parse(req.query)
      res.json(await daysThatMatter.list(query.from ?? daysThatMatter.today(), query.months))
    })
    .get('/api/admin/notices', 'content.read', async (req, res) => {
      // req.host is Host, or X-Forwarded-Host behind TRUST_PROXY: the address this staff member's browser reached.
      const [siteAddress, days] = await Promise.all([settings.siteAddress(req.host), daysThatMatter.stillOnOrdinaryHours()])
      const notices: AdminNotices = { today: daysThatMatter.today(), siteAddress, daysOnOrdinaryHours: days }
      res.json(notices)
    })
}
