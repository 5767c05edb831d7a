import { CocktailsContentSchema } from '#common/cocktails-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** GET and POST /api/admin/cocktails-content (staff only: each route names its permission). */
export function adminCocktailsRoutes({ cocktails }: Services) {
  return new ApiRoutes()
    .get('/api/admin/cocktails-content', 'content.read', async (_req, res) => {
      res.json(await cocktails.get())
    })
    .post('/api/admin/cocktails-content', 'content.write', async (req, res) => {
      res.json(await cocktails.save(CocktailsContentSchema.parse(req.body)))
    })
}
