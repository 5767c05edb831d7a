import { NotFoundError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** GET /api/site-settings/{key}: public keys only (DESIGN.md section 6). */
export function publicSettingsRoutes({ settings, publicReads }: Services) {
  return new ApiRoutes().get('/api/site-settings/:key', async (req, res) => {
    const key = String(req.params.key)
    await publicReads.send(req, res, ['settings'], async () => {
      const value = await settings.getPublic(key)
      if (value === undefined) throw new NotFoundError('Setting not found')
      return { key, value }
    })
  })
}
