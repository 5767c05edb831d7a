import type { Request } from 'express'
import { z } from 'zod'
import { LoginFormSchema } from '#common/auth-schema'
import { STAFF_MARKER_COOKIE } from '#common/constants'
import { MESSAGES } from '#common/messages'
import { STAFF_MESSAGES } from '#common/staff-schema'
import { actorFor, type AccountService } from '../auth/account-service'
import { loginThrottle } from '../auth/login-throttle'
import type { User } from '../db/schema'
import type { Deps } from '../deps'
import { plainAddress } from '../http/address'
import { HttpError } from '../http/errors'
import { ApiRoutes } from '../http/routes'
import { isCrossSiteNavigation } from '../http/security'
import type { Services } from '../services'

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())))
const save = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())))

/** The sign-in form's fields, and the second factor's code when the account has one. */
const SignInSchema = LoginFormSchema.extend({ code: z.string().trim().max(40).optional() })

/**
 * Starts a new session for `user` (a new session id stops session fixation),
 * noting when, where from and which browser; then signs out the user's
 * sessions past the most one keeps (account-service.ts MAX_SESSIONS_PER_USER).
 */
export async function startSession(req: Request, user: User, now: Date, account: Pick<AccountService, 'keepNewestSessions'>) {
  await regenerate(req)
  req.session.userId = user.id
  req.session.createdAt = now.toISOString()
  req.session.userAgent = req.get('user-agent')?.slice(0, 300)
  req.session.ip = req.ip && plainAddress(req.ip)
  await save(req)
  await account.keepNewestSessions(actorFor(user, req.ip ?? null), req.sessionID)
}

/** POST /api/login, GET /api/logout, GET /api/user (DESIGN.md section 6). */
export function authRoutes({ users, account }: Services, { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const throttle = loginThrottle({ db, clock, secret: config.sessionSecret })

  return new ApiRoutes()
    .post('/api/login', ...throttle.guards, async (req, res) => {
      // The sign-in form also works before its script has loaded: the browser posts it
      // as a plain form, and gets redirected instead of answered with JSON.
      const fromForm = Boolean(req.is('application/x-www-form-urlencoded'))
      const parsed = SignInSchema.safeParse(req.body ?? {})
      const result = parsed.success ? await account.signIn(parsed.data, req.ip ?? null) : undefined
      if (!result?.ok) {
        if (fromForm) {
          res.locals.failedAttempt = true
          res.redirect(303, result && result.reason !== 'invalid' ? '/login?error=totp' : '/login?error=invalid')
          return
        }
        if (!parsed.success) throw parsed.error
        if (result?.reason === 'totp_required' || result?.reason === 'totp_invalid') {
          res.status(401).json({ message: result.reason === 'totp_required' ? STAFF_MESSAGES.totpRequired : STAFF_MESSAGES.totpInvalid, totpRequired: true })
          return
        }
        throw new HttpError(401, MESSAGES.loginFailedText)
      }
      await startSession(req, result.user, clock.now(), account)
      res.cookie(STAFF_MARKER_COOKIE, '1', { sameSite: 'lax', secure: req.secure, path: '/' })
      throttle.rememberDevice(req, res, result.user.username)
      if (fromForm) res.redirect(303, '/admin')
      else res.json(await users.current(result.user.id))
    })
    .get('/api/logout', async (req, res, next) => {
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
      const userId = req.session.userId
      const user = userId ? await users.byId(userId) : undefined
      if (user) await account.signedOut(actorFor(user, req.ip ?? null))
      req.session.destroy((error) => {
        if (error) return next(error)
        res.clearCookie('sid')
        res.redirect(302, '/')
      })
    })
    .get('/api/user', async (req, res) => {
      const userId = req.session?.userId
      const user = userId ? await users.current(userId) : undefined
      if (!user) {
        res.status(401).json({ message: MESSAGES.unauthorized })
        return
      }
      res.json(user)
    })
}
