/**
 * The building blocks every request schema is made of, public and admin, so
 * that each endpoint refuses hostile input the same way: a length bound
 * checked before anything looks at the characters; control characters (and
 * the bidirectional overrides that can disguise text in emails and lists, and
 * half of a surrogate pair on its own) refused with a clear message;
 * surrounding whitespace and invisible characters trimmed, so a blank-looking
 * value counts as missing; numbers taken only from a JSON number or a string
 * of plain digits. No pattern here can backtrack: text is checked by scanning
 * it once.
 */
import { z } from 'zod'

/** The largest value of a PostgreSQL `integer` column (ids, counts). */
export const PG_INTEGER_MAX = 2_147_483_647

export const FIELD_MESSAGES = {
  tooLong: 'This field is too long',
  notText: 'This field must be text',
  invalidId: 'Must be a whole number from 1 to 2147483647',
  version: 'This form is out of date: reload the page and try again.',
} as const

export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`

/** Whitespace and invisible characters trimmed from both ends (String.prototype.trim's set plus the zero-width ones). */
function isTrimmable(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0xad || // soft hyphen
    code === 0x034f || // combining grapheme joiner
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200f) || // spaces, zero-width space/joiners, LRM/RLM
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    (code >= 0x2060 && code <= 0x2064) || // word joiner and invisible operators
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** C0 and C1 control characters, DEL, and the bidirectional embeddings, overrides and isolates. */
function isForbidden(code: number, multiline: boolean): boolean {
  if (code < 0x20) return !(multiline && (code === 0x0a || code === 0x09))
  if (code >= 0x7f && code <= 0x9f) return true
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)
}

export type CleanText = { ok: true; value: string } | { ok: false; reason: 'tooLong' | 'forbidden' }

/**
 * A text value as it is stored: line endings made `\n` (multi-line only),
 * refused if it holds a forbidden character or is longer than `max` once
 * trimmed. Linear in the length, and the length is bounded first.
 */
export function cleanText(raw: string, { max, multiline = false }: { max: number; multiline?: boolean }): CleanText {
  // Room for surrounding whitespace, but a megabyte of padding is refused before it is read.
  if (raw.length > max + 256) return { ok: false, reason: 'tooLong' }
  const value = multiline && raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (isForbidden(code, multiline)) return { ok: false, reason: 'forbidden' }
    if (code >= 0xd800 && code <= 0xdfff) {
      // Half of a surrogate pair is allowed only with its other half (an emoji, say): alone it is
      // no character, no keyboard sends it, and PostgreSQL refuses it inside JSON.
      const next = value.charCodeAt(i + 1)
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return { ok: false, reason: 'forbidden' }
      i++
    }
  }
  let start = 0
  let end = value.length
  while (start < end && isTrimmable(value.charCodeAt(start))) start++
  while (end > start && isTrimmable(value.charCodeAt(end - 1))) end--
  if (end - start > max) return { ok: false, reason: 'tooLong' }
  return { ok: true, value: start === 0 && end === value.length ? value : value.slice(start, end) }
}

type TextOptions = {
  /** Longest value accepted once trimmed. */
  max: number
  /** Whether newlines and tabs are allowed (addresses, descriptions, requests). */
  multiline?: boolean
  /** Names the field in the message about forbidden characters: 'Name contains …'. */
  label?: string
  /** The message when the value is missing, not text, or blank once trimmed; omit for an optional field. */
  required?: string
  tooLong?: string
}

/** The schema of a text field, trimmed; `required` makes a blank value an error with that message. */
export function text(options: TextOptions & { required: string }): z.ZodType<string, string>
export function text(options: TextOptions): z.ZodType<string, string>
export function text({ max, multiline, label = 'This field', required, tooLong = FIELD_MESSAGES.tooLong }: TextOptions) {
  const cleaned = z.string({ error: required ?? FIELD_MESSAGES.notText }).transform((raw, ctx) => {
    const result = cleanText(raw, { max, multiline })
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.reason === 'tooLong' ? tooLong : notAllowedMessage(label) })
    return z.NEVER
  })
  return required ? cleaned.pipe(z.string().min(1, required)) : cleaned
}

/** An email address: bounded, trimmed, then checked by zod's email rule. */
export function email({ required, invalid, max = 254 }: { required: string; invalid: string; max?: number }) {
  return text({ max, required, label: 'Email' }).pipe(z.email(invalid))
}

/**
 * A whole number from a JSON number or a string of plain digits (a query
 * string or a path parameter), within `min` and `max`; `true`, `[2]`, '0x2',
 * '1e0', ' 3' and 2.5 are refused with `message`.
 */
export function wholeNumber({ min, max, message }: { min: number; max: number; message: string }) {
  return z.union([z.number(), z.string()], { error: message }).transform((raw, ctx) => {
    const n = typeof raw === 'number' ? raw : isDigits(raw) ? Number(raw) : Number.NaN
    if (Number.isInteger(n) && n >= min && n <= max) return n
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

function isDigits(value: string): boolean {
  if (value.length === 0 || value.length > 10) return false
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x30 || c > 0x39) return false
  }
  return true
}

/** A row id, in a path parameter or a body: 1 to the largest PostgreSQL integer. */
export const IdSchema = wholeNumber({ min: 1, max: PG_INTEGER_MAX, message: FIELD_MESSAGES.invalidId })

/**
 * The version an admin edit was read at (issue 33: no lost updates), sent back
 * with the save; 0 for a record not stored yet (a setting still at its default,
 * a weekday never set).
 */
export const VersionSchema = wholeNumber({ min: 0, max: PG_INTEGER_MAX, message: FIELD_MESSAGES.version })

/** The version part of a save's body, parsed on its own beside the fields (which keep their own schema). */
export const VersionBodySchema = z.object({ version: VersionSchema }, { error: FIELD_MESSAGES.version })

/** A body without its `version`, for a schema that refuses unknown keys. */
export function withoutVersion(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const { version: _version, ...rest } = body as Record<string, unknown>
  return rest
}

/** A path parameter as a row id, or undefined when it cannot be one (so the caller answers 404). */
export function parseId(value: string): number | undefined {
  const n = isDigits(value) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 1 && n <= PG_INTEGER_MAX ? n : undefined
}
