/**
 * Phone numbers as one key: '+44 7700 900104', '07700 900 104' and
 * '0044 7700-900104' are one phone. Read as UK numbers unless they say
 * otherwise (a country pub's guests mostly ring from UK phones), written in
 * E.164 ('+447700900104'). Used to count a phone's bookings (the limits of
 * docs/decisions/0021) and to search bookings by phone (staff's search, issue 36).
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
  // The common case first, without the library (about 50 µs a number, on the booking path): a UK number
  // written with its 0 or +44 and spaces, dashes or brackets. phone.test.ts checks it gives the library's key.
  const plain = phone.replace(/[\s().-]/g, '')
  const uk = UK_NUMBER.exec(plain)
  if (uk) return `+44${uk[1]}`
  return libraryKey(phone)
}

// A UK national number of 9 or 10 digits after its trunk 0 or +44 (0044 too).
const UK_NUMBER = /^(?:0|\+44|0044)([1-9]\d{8,9})$/

/** phoneKey by libphonenumber-js, for every number the common case does not read. */
export function libraryKey(phone: string): string {
  const trimmed = phone.trim().slice(0, 64)
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), DEFAULT_PHONE_COUNTRY)
  if (parsed?.isPossible()) return parsed.number
  const digits = trimmed.replace(/\D/g, '')
  return digits && trimmed.startsWith('+') ? `+${digits}` : digits
}
