import { SettingBodySchema, SettingsSaveSchema } from '#common/settings-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Website Settings (staff only: each route names its permission): every setting staff edit, saving a card of them whole or one alone; unknown keys are refused. */
export function adminSettingsRoutes({ settings }: Services) {
  return new ApiRoutes()
    .get('/api/admin/site-settings', 'content.read', async (_req, res) => {
      res.json(await settings.adminList())
    })
    .put('/api/admin/site-settings', 'settings.write', async (req, res) => {
      res.json(await settings.saveMany(actorOf(req), SettingsSaveSchema.parse(req.body)))
    })
    .put('/api/admin/site-settings/:key', 'settings.write', async (req, res) => {
      const { value, description, version } = SettingBodySchema.parse(req.body)
      res.json(await settings.save(actorOf(req), String(req.params.key), value, version, description))
    })
}
