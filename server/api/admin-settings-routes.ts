import { SettingBodySchema } from '#common/settings-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Website Settings (staff only: each route names its permission): every setting staff edit, and saving one; unknown keys are refused. */
export function adminSettingsRoutes({ settings }: Services) {
  return new ApiRoutes()
    .get('/api/admin/site-settings', 'content.read', async (_req, res) => {
      res.json(await settings.adminList())
    })
    .put('/api/admin/site-settings/:key', 'settings.write', async (req, res) => {
      const { value, description } = SettingBodySchema.parse(req.body)
      res.json(await settings.save(String(req.params.key), value, description))
    })
}
