import { CocktailsContentSchema } from '#common/cocktails-schema'
import { VersionBodySchema } from '#common/fields-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** GET and POST /api/admin/cocktails-content (staff only: each route names its permission). */
export function adminCocktailsRoutes({ cocktails }: Services) {
  return new ApiRoutes()
    .get('/api/admin/cocktails-content', 'content.read', async (_req, res) => {
      res.json(await cocktails.adminGet())
    })
    .post('/api/admin/cocktails-content', 'content.write', async (req, res) => {
      const content = CocktailsContentSchema.parse(req.body)
      res.json(await cocktails.save(actorOf(req), VersionBodySchema.parse(req.body).version, content))
    })
}
