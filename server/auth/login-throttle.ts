import crypto from 'node:crypto'
import type { Request, RequestHandler, Response } from 'express'
import { cleanText } from '#common/fields-schema'
import type { Db } from '../db/client'
import type { Clock } from '../deps'
import { limitAttempts } from '../http/rate-limit'
import { attemptsSoFar, countAttemptsQuery } from '../rate-limits/attempts'

const WINDOW_MS = 15 * 60_000
/** Failed sign-ins from one address, whatever the usernames (a script trying many names). */
export const LOGIN_LIMIT_PER_ADDRESS = 30
/** Failed sign-ins for one username from one address. */
export const LOGIN_LIMIT_PER_ADDRESS_AND_USER = 10
/** Failed sign-ins from one browser where a staff member signed in before (it is not held to its address's limits). */
export const LOGIN_LIMIT_PER_DEVICE = 10
/** Failed sign-ins for one username, from anywhere, before its answers slow down. */
export const LOGIN_SLOWDOWN_AFTER = 10
const SLOWDOWN_FIRST_MS = 500
const SLOWDOWN_MAX_MS = 4000
/** The cookie that marks a browser where a staff member has signed in before. */
export const KNOWN_DEVICE_COOKIE = 'staff_device'
const KNOWN_DEVICE_DAYS = 180

const loginMessage = (retry: string) => `Too many login attempts. Please try again ${retry}.`

/** The username a sign-in names, as the limits key it: trimmed, lower case; undefined when unusable. */
export function loginUsername(req: Request): string | undefined {
  const raw = (req.body as { username?: unknown } | undefined)?.username
  if (typeof raw !== 'string') return undefined
  const cleaned = cleanText(raw, { max: 100 })
  return cleaned.ok && cleaned.value ? cleaned.value.toLowerCase() : undefined
}

/** How long a sign-in for a username waits, after `failures` recent failures for it from anywhere. */
export function slowdownMs(failures: number): number {
  if (failures < LOGIN_SLOWDOWN_AFTER) return 0
  return Math.min(SLOWDOWN_FIRST_MS * 2 ** (failures - LOGIN_SLOWDOWN_AFTER), SLOWDOWN_MAX_MS)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The limits on sign-in, shaped so that brute force gets nowhere and a
 * stranger cannot lock staff out (OWASP's advice on account lockout):
 *
 * - one address is locked after 30 failures, and after 10 for one username;
 * - a username is never locked for everyone: after 10 failures from anywhere,
 *   each further attempt waits (0.5 s, doubling, at most 4 s), which makes a
 *   distributed guess slow without stopping the real owner;
 * - a browser where that staff member has signed in before (a signed
 *   `staff_device` cookie naming them) does not wait, and is not held to its
 *   address's limits: staff behind the pub's one public address still sign in
 *   while a guest on the same Wi-Fi has used them up. Such a browser has a
 *   limit of its own instead (10 failures), so the cookie is no key to guess with.
 */
export function loginThrottle({ db, clock, secret }: { db: Db; clock: Clock; secret: string }) {
  const sign = (text: string) => crypto.createHmac('sha256', secret).update(`device:${text}`).digest('base64url')
  const macMatches = (mac: string, text: string) => {
    const expected = Buffer.from(sign(text))
    const given = Buffer.from(mac)
    return expected.length === given.length && crypto.timingSafeEqual(expected, given)
  }
  /**
   * The browser's device id when its cookie was signed for the username this
   * sign-in names (`<name>.<device id>.<mac>`); a cookie from before device ids
   * (`<name>.<mac>`) counts as one device per name.
   */
  const knownDevice = (req: Request): string | undefined => {
    const username = loginUsername(req)
    const cookie = username && readCookie(req.headers.cookie, KNOWN_DEVICE_COOKIE)
    if (!cookie || cookie.length > 300) return undefined
    const parts = cookie.split('.')
    if (Buffer.from(parts[0]!, 'base64url').toString() !== username) return undefined
    if (parts.length === 3 && /^[\w-]{16,64}$/.test(parts[1]!) && macMatches(parts[2]!, `${username}.${parts[1]}`)) return parts[1]
    if (parts.length === 2 && macMatches(parts[1]!, username)) return `named:${username}`
    return undefined
  }

  const perAddress = limitAttempts({
    db,
    clock,
    name: 'login-ip',
    windowMs: WINDOW_MS,
    limit: LOGIN_LIMIT_PER_ADDRESS,
    key: (req) => (knownDevice(req) ? undefined : (req.ip ?? 'unknown')),
    message: loginMessage,
    failuresOnly: true,
  })
  const perAddressAndUser = limitAttempts({
    db,
    clock,
    name: 'login-ip-user',
    windowMs: WINDOW_MS,
    limit: LOGIN_LIMIT_PER_ADDRESS_AND_USER,
    key: (req) => {
      const username = loginUsername(req)
      return username && !knownDevice(req) ? `${req.ip}|${username}` : undefined
    },
    message: loginMessage,
    failuresOnly: true,
  })
  const perDevice = limitAttempts({
    db,
    clock,
    name: 'login-device',
    windowMs: WINDOW_MS,
    limit: LOGIN_LIMIT_PER_DEVICE,
    key: knownDevice,
    message: loginMessage,
    failuresOnly: true,
  })

  const perUsername: RequestHandler = async (req, res, next) => {
    const username = loginUsername(req)
    if (!username) return next()
    const key = `login-user:${username}`
    res.on('finish', () => {
      if (res.statusCode >= 400 || res.locals.failedAttempt === true) {
        void db.$client.query(countAttemptsQuery([key], WINDOW_MS / 1000, clock.now())).catch(() => undefined)
      }
    })
    if (!knownDevice(req)) {
      const wait = slowdownMs(await attemptsSoFar(db, key, clock.now()))
      if (wait > 0) await sleep(wait)
    }
    next()
  }

  return {
    guards: [perAddress, perAddressAndUser, perDevice, perUsername],
    /** Marks this browser as one where `username` signed in (keeping its device id when it has one). */
    rememberDevice(req: Request, res: Response, username: string) {
      const name = username.toLowerCase()
      const known = knownDevice(req)
      const id = known && !known.startsWith('named:') ? known : crypto.randomBytes(12).toString('base64url')
      res.cookie(KNOWN_DEVICE_COOKIE, `${Buffer.from(name).toString('base64url')}.${id}.${sign(`${name}.${id}`)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/api/login',
        maxAge: KNOWN_DEVICE_DAYS * 86_400_000,
      })
    },
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
