import { IdSchema, VersionBodySchema } from '#common/fields-schema'
import { HeroSlideSchema } from '#common/hero-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Hero Slides (staff only: each route names its permission): every slide, and add, change and delete. */
export function adminHeroRoutes({ hero }: Services) {
  return new ApiRoutes()
    .get('/api/admin/hero-slides', 'content.read', async (_req, res) => {
      res.json(await hero.list())
    })
    .post('/api/admin/hero-slides', 'content.write', async (req, res) => {
      res.status(201).json(await hero.create(actorOf(req), HeroSlideSchema.parse(req.body)))
    })
    .put('/api/admin/hero-slides/:id', 'content.write', async (req, res) => {
      const input = HeroSlideSchema.parse(req.body)
      res.json(await hero.update(actorOf(req), IdSchema.parse(req.params.id), VersionBodySchema.parse(req.body).version, input))
    })
    .delete('/api/admin/hero-slides/:id', 'content.delete', async (req, res) => {
      await hero.remove(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
