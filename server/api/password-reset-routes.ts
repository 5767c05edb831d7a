import { STAFF_MARKER_COOKIE } from '#common/constants'
import { PasswordResetRequestSchema, PasswordResetSchema, STAFF_MESSAGES } from '#common/staff-schema'
import type { Deps } from '../deps'
import { limitAttempts } from '../http/rate-limit'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'
import { startSession } from './auth-routes'

const tooMany = (retry: string) => `Too many password reset requests. Please try again ${retry}.`

/** 'Forgot password?': ask for a link (public, same answer whatever happened), check a link, and set the password with it. */
export function passwordResetRoutes({ account, users }: Services, { db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const window = { db, clock, windowMs: 15 * 60_000, message: tooMany }
  const perAddress = limitAttempts({ ...window, name: 'password-reset-ip', limit: 5 })
  // Nobody can fill a colleague's inbox with links: three an hour per account named, from anywhere.
  const perAccount = limitAttempts({
    ...window,
    name: 'password-reset-account',
    windowMs: 60 * 60_000,
    limit: 3,
    key: (req) => {
      const body = req.body as { username?: unknown; email?: unknown } | undefined
      const named = typeof body?.username === 'string' ? body.username : typeof body?.email === 'string' ? body.email : undefined
      return named?.trim().toLowerCase().slice(0, 254) || undefined
    },
  })
  const perAddressLinks = limitAttempts({ ...window, name: 'password-link-ip', limit: 20 })

  return new ApiRoutes()
    .post('/api/password-reset', perAddress, perAccount, async (req, res) => {
      const input = PasswordResetRequestSchema.parse(req.body ?? {})
      await account.requestPasswordReset(input, req.ip ?? null)
      res.json({ message: STAFF_MESSAGES.resetRequested })
    })
    .get('/api/password-reset/:token', perAddressLinks, async (req, res) => {
      res.json({ usable: await account.linkIsUsable(String(req.params.token)) })
    })
    .post('/api/password-reset/:token', perAddressLinks, async (req, res) => {
      const { password } = PasswordResetSchema.parse(req.body ?? {})
      const user = await account.resetWithLink(String(req.params.token), password, req.ip ?? null)
      // An account with a second factor signs in as usual, with its code: an emailed link alone is not enough.
      if (user.totpEnabledAt) {
        res.json({ signedIn: false, totpRequired: true, message: 'Your password has been set. Sign in with it and your two-factor code.' })
        return
      }
      await startSession(req, user, clock.now(), account)
      res.cookie(STAFF_MARKER_COOKIE, '1', { sameSite: 'lax', secure: req.secure, path: '/' })
      res.json({ signedIn: true, message: STAFF_MESSAGES.resetDone, user: await users.current(user.id) })
    })
}
