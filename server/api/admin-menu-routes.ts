import { IdSchema } from '#common/fields-schema'
import { MenuSectionPatchSchema, MenuSectionSchema } from '#common/menu-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** PDF Menus (staff only: each route names its permission): every section, and add, change and delete; one section per category. */
export function adminMenuRoutes({ menu }: Services) {
  return new ApiRoutes()
    .get('/api/admin/menu-sections', 'content.read', async (_req, res) => {
      res.json(await menu.list())
    })
    .post('/api/admin/menu-sections', 'content.write', async (req, res) => {
      res.status(201).json(await menu.create(actorOf(req), MenuSectionSchema.parse(req.body)))
    })
    .patch('/api/admin/menu-sections/:id', 'content.write', async (req, res) => {
      res.json(await menu.update(actorOf(req), IdSchema.parse(req.params.id), MenuSectionPatchSchema.parse(req.body)))
    })
    .delete('/api/admin/menu-sections/:id', 'content.delete', async (req, res) => {
      await menu.remove(actorOf(req), IdSchema.parse(req.params.id))
      res.status(204).end()
    })
}
