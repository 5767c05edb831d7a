/**
 * The one server guard of the back-office (DESIGN.md section 9): every route
 * under /api/admin, and POST /api/upload, declares the permission it needs
 * (server/http/routes.ts), and this guard checks it against the role of the
 * user behind the session, read on each request so that a role change applies
 * at once and a deactivated user's session is refused (and ended) on its next
 * request. One indexed read per request: the user's row by its key.
 */
import type { Request, RequestHandler } from 'express'
import type pg from 'pg'
import { can, FORBIDDEN_MESSAGE, type Permission, type Role } from '#common/permissions'
import { STAFF_MESSAGES } from '#common/staff-schema'
import type { Actor } from '../audit/audit'
import type { Db } from '../db/client'
import type { PermissionGuard } from '../http/routes'

/** The signed-in member of staff, as the guard read them for this request. */
export type StaffContext = {
  id: number
  username: string
  role: Role
  totpEnabled: boolean
  /** An owner without a second factor while owners must have one: only their own account's routes are open. */
  mustEnrolTotp: boolean
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      staff?: StaffContext
    }
  }
}

/** The setting (a site_settings row) that makes a second factor compulsory for owners. */
export const OWNER_TOTP_SETTING = 'staff_require_owner_2fa'

const staffQuery = (id: number): pg.QueryConfig => ({
  name: 'staff-by-session',
  text: `select u.id, u.username, u.role, u.totp_enabled_at is not null as totp,
      u.role = 'owner' and u.totp_enabled_at is null
        and exists (select 1 from site_settings s where s.setting_key = '${OWNER_TOTP_SETTING}' and s.setting_value = 'true') as must_enrol
    from users u where u.id = $1 and u.active`,
  values: [id],
})

/** The staff member behind a request's session, read once per request; undefined when none (or deactivated). */
export async function loadStaff(db: Db, req: Request): Promise<StaffContext | undefined> {
  if (req.staff) return req.staff
  const userId = req.session?.userId
  if (!userId) return undefined
  const { rows } = await db.$client.query<{ id: number; username: string; role: Role; totp: boolean; must_enrol: boolean }>(staffQuery(userId))
  const row = rows[0]
  if (!row) return undefined
  req.staff = { id: row.id, username: row.username, role: row.role, totpEnabled: row.totp, mustEnrolTotp: row.must_enrol }
  return req.staff
}

const destroy = (req: Request) => new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()))

/** The permission guard that mountRoutes puts before each staff route's handlers. */
export function permissionGuard(db: Db): PermissionGuard {
  return (permission: Permission) => {
    const guard: RequestHandler = async (req, res, next) => {
      try {
        const staff = await loadStaff(db, req)
        if (!staff) {
          // A session whose user was deactivated (or removed) ends here.
          if (req.session?.userId) await destroy(req)
          res.status(401).json({ message: 'Unauthorized' })
          return
        }
        if (staff.mustEnrolTotp && permission !== 'account.self') {
          res.status(403).json({ message: STAFF_MESSAGES.totpSetupRequired, code: 'totp_setup_required' })
          return
        }
        if (!can(staff.role, permission)) {
          res.status(403).json({ message: FORBIDDEN_MESSAGE })
          return
        }
        next()
      } catch (error) {
        next(error)
      }
    }
    return Object.assign(guard, { permission })
  }
}

/** The actor of a staff request, for the audit row its change writes (set by the guard). */
export function actorOf(req: Request): Actor {
  const staff = req.staff
  if (!staff) throw new Error('actorOf: the route has no permission guard in front of it')
  return { userId: staff.id, username: staff.username, role: staff.role, address: req.ip ?? null }
}
