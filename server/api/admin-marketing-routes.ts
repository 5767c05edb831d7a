import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Marketing Emails (staff only: each route names its permission): the opt-in list, and the same list as a CSV file. */
export function adminMarketingRoutes({ marketing }: Services) {
  return new ApiRoutes()
    .get('/api/admin/marketing-emails', 'marketing.read', async (_req, res) => {
      res.json(await marketing.list())
    })
    .get('/api/admin/marketing-emails/export', 'marketing.export', async (req, res) => {
      const { fileName, body } = await marketing.csv(actorOf(req))
      res
        .status(200)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="${fileName}"`)
        .set('Cache-Control', 'no-store')
        .send(body)
    })
}
