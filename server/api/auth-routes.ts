import type { Request } from 'express'
import { LoginFormSchema } from '../../common/auth'
import { STAFF_MARKER_COOKIE } from '../../common/constants'
import { MESSAGES } from '../../common/messages'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { createLimiter } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

const loginUsername = (req: Request) => {
  const username = (req.body as { username?: unknown } | undefined)?.username
  return typeof username === 'string' && username.trim() ? username.trim().toLowerCase() : undefined
}

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())))
const save = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())))

/** POST /api/login, GET /api/logout, GET /api/user (DESIGN.md section 6). */
export function authRoutes({ users }: Services, db: Db) {
  const loginMessage = (retry: string) => `Too many login attempts. Please try again ${retry}.`
  const perIp = createLimiter({ db, name: 'login-ip', windowMs: 15 * 60_000, limit: 30, message: loginMessage, skipSuccessfulRequests: true })
  const perUser = createLimiter({
    db,
    name: 'login-user',
    windowMs: 15 * 60_000,
    limit: 10,
    key: loginUsername,
    message: loginMessage,
    skipSuccessfulRequests: true,
  })

  return new ApiRoutes()
    .post('/api/login', perIp, perUser, async (req, res) => {
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
      if (fromForm) res.redirect(303, '/admin')
      else res.json(user)
    })
    .get('/api/logout', (req, res, next) => {
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
