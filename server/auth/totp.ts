/**
 * Time-based one-time passwords (RFC 6238) with the `otpauth` library: 6
 * digits, 30-second steps, SHA-1 (what every authenticator app reads from an
 * otpauth:// URI), a window of one step either side for clocks that drift.
 * A code is accepted once: the step it belongs to is stored, and a code of
 * that step or an earlier one is refused afterwards (RFC 6238 section 5.2).
 */
import crypto from 'node:crypto'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { RECOVERY_CODE_COUNT } from '#common/staff-schema'

const PERIOD = 30
const DIGITS = 6

const totpFor = (secret: string, label = 'staff', issuer = 'Back-office') =>
  new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) })

/** A new random secret (160 bits, base32), as RFC 4226 recommends. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32

/** The otpauth:// URI an authenticator app reads, and the same as a QR code (SVG). */
export async function enrolment(secret: string, username: string, issuer: string) {
  const uri = totpFor(secret, username, issuer).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { uri, qrSvg }
}

/** The current code of a secret at `now` (tests and the CLI use it; the app only checks). */
export const totpCode = (secret: string, now: Date) => totpFor(secret).generate({ timestamp: now.getTime() })

/** The time step a code belongs to when it is right at `now` (one step either side), else undefined. */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return undefined
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 })
  if (delta === null) return undefined
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten recovery codes, 'xxxxx-xxxxx' (about 49 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** How a recovery code is stored: high-entropy and single use, so a plain SHA-256 suffices. */
export const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code.trim().toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex')

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim())
