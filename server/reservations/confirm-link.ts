import { zonedInstant } from '#common/availability'
import { withoutTrailingSlashes } from '#common/url'
import type { Config } from '../config'
import { signToken } from '../signed-tokens'

/** What a confirm link's token is signed for, so no other signed token (a manage link's) confirms a request. */
export const CONFIRM_LINK_PURPOSE = 'confirm-request'

/**
 * The link in a large party's 'request received' email that confirms the
 * request (docs/decisions/0021): until the guest opens it and presses Confirm,
 * the request holds its seats for 30 minutes only. Signed with the session
 * secret, working until the end of the visit's day.
 */
export function confirmLinkFor(config: Pick<Config, 'sessionSecret' | 'venueTimezone'>, siteUrl: string, reservationId: number, date: string): string {
  const expires = zonedInstant(date, '23:59', config.venueTimezone) ?? new Date(`${date}T23:59:00Z`)
  return `${withoutTrailingSlashes(siteUrl)}/booking/confirm/${signToken(config.sessionSecret, CONFIRM_LINK_PURPOSE, { r: reservationId }, expires)}`
}
