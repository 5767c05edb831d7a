import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Public menu sections for the /menu page. */
export function menuRoutes({ menu }: Services) {
  return new ApiRoutes().get('/api/menu-sections', async (_req, res) => {
    res.json(await menu.publicSections())
  })
}
