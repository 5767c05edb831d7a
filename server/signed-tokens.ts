import crypto from 'node:crypto'

/**
 * Signed, expiring tokens for links in guests' emails (DESIGN.md section 4:
 * an HMAC with the session secret, no guessable ids): the payload travels in
 * the token, readable but not forgeable, with its purpose and expiry signed
 * in, so a token for one purpose (unsubscribing) is useless for another.
 */
export type TokenCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' }

const sign = (secret: string, purpose: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url')

export function signToken(secret: string, purpose: string, payload: object, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ p: payload, x: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url')
  return `${body}.${sign(secret, purpose, body)}`
}

export function verifyToken<T>(secret: string, purpose: string, token: string, now: Date): TokenCheck<T> {
  if (token.length > 2000) return { ok: false, reason: 'malformed' }
  const [body, mac, extra] = token.split('.')
  if (!body || !mac || extra !== undefined) return { ok: false, reason: 'malformed' }
  const expected = Buffer.from(sign(secret, purpose, body))
  const given = Buffer.from(mac)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'tampered' }
  let decoded: { p: T; x: number }
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString())
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (typeof decoded?.x !== 'number' || decoded.x * 1000 < now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, payload: decoded.p }
}
