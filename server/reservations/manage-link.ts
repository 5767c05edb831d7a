import { zonedInstant } from '#common/availability'
import { MANAGE_LINK_DAYS_AFTER_VISIT } from '#common/manage-booking'
import { withoutTrailingSlashes } from '#common/url'
import type { Config } from '../config'
import { signToken } from '../signed-tokens'

/** What a manage link's token is signed for, so no other signed token opens a booking. */
export const MANAGE_LINK_PURPOSE = 'manage-booking'
const HOUR = 3_600_000

/**
 * The link to change or cancel a booking, for its emails: signed with the
 * session secret (no guessable id), working until a week after the visit.
 */
export function manageLinkFor(config: Pick<Config, 'sessionSecret' | 'venueTimezone'>, siteUrl: string, reservationId: number, date: string): string {
  const endOfDay = zonedInstant(date, '23:59', config.venueTimezone) ?? new Date(`${date}T23:59:00Z`)
  const expires = new Date(endOfDay.getTime() + MANAGE_LINK_DAYS_AFTER_VISIT * 24 * HOUR)
  return `${withoutTrailingSlashes(siteUrl)}/booking/manage/${signToken(config.sessionSecret, MANAGE_LINK_PURPOSE, { r: reservationId }, expires)}`
}

