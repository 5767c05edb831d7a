import connectPgSimple from 'connect-pg-simple'
import type { Request, RequestHandler } from 'express'
import session from 'express-session'
import type { Db } from '../db/client'

declare module 'express-session' {
  interface SessionData {
    userId?: number
  }
}

const IDLE_EXPIRY_MS = 12 * 60 * 60 * 1000

/** How far behind a session's stored expiry may fall before a request writes it again. */
export const TOUCH_AFTER_MS = 60_000

/** Marks a request's session as not renewed by it (below). */
const UNRENEWED = Symbol('session not renewed')

/**
 * The request does not count as use of its session: its end leaves the stored idle expiry as it was.
 * For the live stream, which a screen holds open unattended for hours and reopens by itself: its end
 * would otherwise write back the expiry from its start, bringing back a session that expired meanwhile.
 */
export function leaveSessionUnrenewed(req: Request) {
  if (req.session) Object.assign(req.session, { [UNRENEWED]: true })
}

/** Sessions in the `session` table: HttpOnly, SameSite=Lax, Secure over HTTPS, idle expiry. */
/** Expired rows are deleted by the housekeeping job, not by the store. */
export function sessionMiddleware(db: Db, secret: string): RequestHandler {
  /**
   * Each signed-in request renews the idle expiry (`rolling`), but writes it only when the stored one is
   * over a minute behind. Writing it each time made every staff request, a read included, a commit that
   * waited for the disk. An update that matches no row writes nothing and commits nothing to wait for, and
   * it needs no memory of its own, so it holds across instances. The expiry, and "last seen" read from it,
   * are a minute coarse at most; the cookie is renewed on every answer as before.
   */
  class SessionStore extends connectPgSimple(session) {
    override touch(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void) {
      if (UNRENEWED in sess) return void callback?.()
      const expires = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + IDLE_EXPIRY_MS)
      db.$client
        .query('update session set expire = $1 where sid = $2 and expire < $3', [expires, sid, new Date(expires.getTime() - TOUCH_AFTER_MS)])
        .then(() => callback?.(), callback)
    }
  }
  return session({
    name: 'sid',
    secret,
    store: new SessionStore({
      pool: db.$client,
      tableName: 'session',
      createTableIfMissing: false,
      pruneSessionInterval: false,
      errorLog: () => {},
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // 'auto': Secure whenever the request came over HTTPS (directly or via TRUST_PROXY).
      secure: 'auto',
      maxAge: IDLE_EXPIRY_MS,
    },
  })
}

/** 401 `{ message: 'Unauthorized' }` unless a staff member is signed in. */
export const requireUser: RequestHandler = (req, res, next) => {
  if (req.session?.userId) return next()
  res.status(401).json({ message: 'Unauthorized' })
}
