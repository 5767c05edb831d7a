/**
 * Phone numbers as one key: '+44 7700 900104', '07700 900 104' and
 * '0044 7700-900104' are one phone. Read as UK numbers unless they say
 * otherwise (a country pub's guests mostly ring from UK phones), written in
 * E.164 ('+447700900104'). Used to count a phone's bookings (the limits of
 * docs/decisions/0021) and, later, to search bookings by phone.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js'

/** The country a number without one is read in. */
export const DEFAULT_PHONE_COUNTRY = 'GB'

/**
 * A phone number in E.164 when it can be read as one; otherwise its digits
 * (with a leading + kept), so that a number libphonenumber cannot place still
 * counts as itself however it is spaced. Empty for no digits at all.
 */
export function phoneKey(phone: string): string {
  const trimmed = phone.trim().slice(0, 64)
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), DEFAULT_PHONE_COUNTRY)
  if (parsed?.isPossible()) return parsed.number
  const digits = trimmed.replace(/\D/g, '')
  return digits && trimmed.startsWith('+') ? `+${digits}` : digits
}
