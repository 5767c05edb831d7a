import { IdSchema } from '#common/fields-schema'
import { OwnerTotpRuleSchema, StaffAccountCreateSchema, StaffAccountPatchSchema } from '#common/staff-schema'
import { actorOf } from '../auth/guard'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** Staff Accounts (owners: 'users.manage'): accounts, roles, deactivation, password links, and the owners' 2FA rule. */
export function adminUsersRoutes({ staffAccounts }: Services) {
  return new ApiRoutes()
    .get('/api/admin/users', 'users.manage', async (_req, res) => {
      res.json({ users: await staffAccounts.list(), requireOwnerTotp: await staffAccounts.ownerTotpRule() })
    })
    .post('/api/admin/users', 'users.manage', async (req, res) => {
      res.status(201).json(await staffAccounts.create(actorOf(req), StaffAccountCreateSchema.parse(req.body ?? {})))
    })
    .patch('/api/admin/users/:id', 'users.manage', async (req, res) => {
      res.json(await staffAccounts.update(actorOf(req), IdSchema.parse(req.params.id), StaffAccountPatchSchema.parse(req.body ?? {})))
    })
    .post('/api/admin/users/:id/password-reset', 'users.manage', async (req, res) => {
      await staffAccounts.sendPasswordReset(actorOf(req), IdSchema.parse(req.params.id))
      res.json({ message: 'A link to set a new password has been emailed. It works for one hour.' })
    })
    .put('/api/admin/users/owner-2fa', 'users.manage', async (req, res) => {
      const { required } = OwnerTotpRuleSchema.parse(req.body ?? {})
      res.json({ requireOwnerTotp: await staffAccounts.setOwnerTotpRule(actorOf(req), required) })
    })
}
