import connectPgSimple from 'connect-pg-simple'
import type { RequestHandler } from 'express'
import session from 'express-session'
import type { Db } from '../db/client'

declare module 'express-session' {
  interface SessionData {
    userId?: number
  }
}

const IDLE_EXPIRY_MS = 12 * 60 * 60 * 1000

/** Sessions in the `session` table: HttpOnly, SameSite=Lax, Secure over HTTPS, idle expiry. */
/** Expired rows are deleted by the housekeeping job, not by the store. */
export function sessionMiddleware(db: Db, secret: string): RequestHandler {
  const PgStore = connectPgSimple(session)
  return session({
    name: 'sid',
    secret,
    store: new PgStore({
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
