import { NotFoundError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** GET /api/site-settings/{key}: public keys only (DESIGN.md section 6). */
export function publicSettingsRoutes({ settings }: Services) {
  return new ApiRoutes().get('/api/site-settings/:key', async (req, res) => {
    const value = await settings.getPublic(String(req.params.key))
    if (value === undefined) throw new NotFoundError('Setting not found')
    res.json({ key: req.params.key, value })
  })
}
