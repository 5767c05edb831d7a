import type { Request } from 'express'
import { LoginFormSchema } from '#common/auth-schema'
import { STAFF_MARKER_COOKIE } from '#common/constants'
import { MESSAGES } from '#common/messages'
import { loginThrottle } from '../auth/login-throttle'
import type { Deps } from '../deps'
import { HttpError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import { isCrossSiteNavigation } from '../http/security'
import type { Services } from '../services'

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())))
const save = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())))

/** POST /api/login, GET /api/logout, GET /api/user (DESIGN.md section 6). */
export function authRoutes({ users }: Services, { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const throttle = loginThrottle({ db, clock, secret: config.sessionSecret })

  return new ApiRoutes()
    .post('/api/login', ...throttle.guards, async (req, res) => {
      // The sign-in form also works before its script has loaded: the browser posts it
      // as a plain form, and gets redirected instead of answered with JSON.
      const fromForm = Boolean(req.is('application/x-www-form-urlencoded'))
      const parsed = LoginFormSchema.safeParse(req.body ?? {})
      const user = parsed.success ? await users.authenticate(parsed.data.username, parsed.data.password) : undefined
      if (!user) {
        if (fromForm) {
          res.locals.failedAttempt = true
          res.redirect(303, '/login?error=invalid')
          return
        }
        if (!parsed.success) throw parsed.error
        throw new HttpError(401, MESSAGES.loginFailedText)
      }
      // A new session id at login stops session fixation.
      await regenerate(req)
      req.session.userId = user.id
      await save(req)
      res.cookie(STAFF_MARKER_COOKIE, '1', { sameSite: 'lax', secure: req.secure, path: '/' })
      throttle.rememberDevice(req, res, user.username)
      if (fromForm) res.redirect(303, '/admin')
      else res.json(user)
    })
    .get('/api/logout', (req, res, next) => {
      // A link on another site must not sign staff out: back to the back-office instead.
      if (isCrossSiteNavigation(req)) {
        res.redirect(303, '/admin')
        return
      }
      res.clearCookie(STAFF_MARKER_COOKIE, { path: '/' })
      if (!req.session) {
        res.clearCookie('sid')
        res.redirect(302, '/')
        return
      }
      req.session.destroy((error) => {
        if (error) return next(error)
        res.clearCookie('sid')
        res.redirect(302, '/')
      })
    })
    .get('/api/user', async (req, res) => {
      const userId = req.session?.userId
      const user = userId ? await users.findById(userId) : undefined
      if (!user) {
        res.status(401).json({ message: MESSAGES.unauthorized })
        return
      }
      res.json(user)
    })
}
