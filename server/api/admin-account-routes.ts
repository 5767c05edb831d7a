import { CodeBodySchema, PasswordChangeSchema } from '#common/staff-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Your Account: every signed-in user's own password, second factor and sessions ('account.self'). */
export function adminAccountRoutes({ account, settings }: Services) {
  return new ApiRoutes()
    .post('/api/admin/me/password', 'account.self', async (req, res) => {
      const { currentPassword, newPassword } = PasswordChangeSchema.parse(req.body ?? {})
      await account.changePassword(actorOf(req), currentPassword, newPassword, req.sessionID)
      res.json({ message: 'Your password has been changed. Your other sessions have been signed out.' })
    })
    .get('/api/admin/me/totp', 'account.self', async (req, res) => {
      res.json({ enabled: req.staff!.totpEnabled, recoveryCodesLeft: await account.unusedRecoveryCodes(req.staff!.id) })
    })
    .post('/api/admin/me/totp', 'account.self', async (req, res) => {
      const venue = await settings.venue()
      res.json(await account.startTotp(actorOf(req), venue.venue_name))
    })
    .post('/api/admin/me/totp/verify', 'account.self', async (req, res) => {
      res.json(await account.verifyTotp(actorOf(req), CodeBodySchema.parse(req.body ?? {}).code))
    })
    .delete('/api/admin/me/totp', 'account.self', async (req, res) => {
      await account.disableTotp(actorOf(req), CodeBodySchema.parse(req.body ?? {}).code)
      res.status(204).end()
    })
    .get('/api/admin/me/sessions', 'account.self', async (req, res) => {
      res.json(await account.sessions(req.staff!.id, req.sessionID))
    })
    .delete('/api/admin/me/sessions', 'account.self', async (req, res) => {
      res.json({ ended: await account.endOtherSessions(actorOf(req), req.sessionID) })
    })
    .delete('/api/admin/me/sessions/:id', 'account.self', async (req, res) => {
      await account.endSession(actorOf(req), String(req.params.id).slice(0, 64))
      res.status(204).end()
    })
}
