import { zonedInstant } from '#common/availability'
import { withoutTrailingSlashes } from '#common/url'
import type { Config } from '../config'
import { signToken, verifyToken, type TokenCheck } from '../signed-tokens'

/** What each waitlist link's token is signed for, so neither opens the other (nor a booking's links). */
export const CLAIM_LINK_PURPOSE = 'waitlist-claim'
export const LEAVE_LINK_PURPOSE = 'waitlist-leave'

/** A claim link stands for one offer of one entry: `w` the entry, `n` its offer count when offered. */
export type ClaimToken = { w: number; n: number }
export type LeaveToken = { w: number }

type Secrets = Pick<Config, 'sessionSecret' | 'venueTimezone'>

/** The offer's link (`/booking/claim/{token}`): signed with the session secret, working until the offer expires. */
export function claimLinkFor(config: Secrets, siteUrl: string, claim: ClaimToken, expiresAt: Date): string {
  return `${withoutTrailingSlashes(siteUrl)}/booking/claim/${signToken(config.sessionSecret, CLAIM_LINK_PURPOSE, claim, expiresAt)}`
}

/** The link to leave the waitlist (`/waitlist/leave/{token}`), in both emails: working until the end of the date. */
export function leaveLinkFor(config: Secrets, siteUrl: string, entryId: number, date: string): string {
  const expires = zonedInstant(date, '23:59', config.venueTimezone) ?? new Date(`${date}T23:59:00Z`)
  return `${withoutTrailingSlashes(siteUrl)}/waitlist/leave/${signToken(config.sessionSecret, LEAVE_LINK_PURPOSE, { w: entryId } satisfies LeaveToken, expires)}`
}

export const readClaimToken = (config: Secrets, token: string, now: Date): TokenCheck<ClaimToken> =>
  verifyToken<ClaimToken>(config.sessionSecret, CLAIM_LINK_PURPOSE, token, now)

export const readLeaveToken = (config: Secrets, token: string, now: Date): TokenCheck<LeaveToken> =>
  verifyToken<LeaveToken>(config.sessionSecret, LEAVE_LINK_PURPOSE, token, now)

/**
 * A claim token's payload even when it has expired (the page says 'this
 * offer has expired' for that entry), never when it is forged.
 */
export function readClaimTokenEvenExpired(config: Secrets, token: string): ClaimToken | undefined {
  const check = readClaimToken(config, token, new Date(0))
  return check.ok ? check.payload : undefined
}
