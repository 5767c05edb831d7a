import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** GET /api/hero-slides: the active slides by order ([] when none; the page then shows its defaults). */
export function heroRoutes({ hero }: Services) {
  return new ApiRoutes().get('/api/hero-slides', async (_req, res) => {
    res.json(await hero.activeSlides())
  })
}
