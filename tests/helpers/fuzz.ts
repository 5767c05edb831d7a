/**
 * Requests made of hostile input, for the fuzz suite: random and malformed
 * JSON bodies, strings with control characters, very long strings, boundary
 * numbers, wrong types, malformed path parameters and query strings. Built
 * from a route's path alone, so a route added later is fuzzed without anyone
 * writing anything for it; a route may also have a valid sample body, which
 * the fuzzer mutates one field at a time to reach past the first check.
 */
import fc from 'fast-check'
import type { Method } from '../../server/http/routes'

/** Every field name the app's schemas read, so random objects often hit real fields. */
export const FIELD_NAMES = [
  'name', 'email', 'phone', 'date', 'startTime', 'time', 'partySize', 'additionalInfo', 'specialRequests',
  'foodDrinks', 'receiveOffers', 'eventId', 'website', 'username', 'password', 'introText', 'descriptionText',
  'specialOfferTitle', 'specialOfferDetails', 'specialOfferTimes', 'galleryImages', 'status', 'isClosed',
  'openTime', 'closeTime', 'reason', 'value', 'description', 'title', 'subtitle', 'image', 'buttons', 'order',
  'isActive', 'category', 'pdfUrl', 'imageUrls', 'backgroundImage', 'force', 'id', 'dayOfWeek', 'capacity',
  'price', 'tags', 'gallery', 'type', 'bookingType', 'slug', 'templateKey', 'subject', 'htmlContent',
  'textContent', 'variables', '__proto__', 'constructor',
] as const

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066', '\ufeff', '\u200b', '\r\n', '\t', '\ud800']

/** Strings a form would never send. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 })).map((p) => p.join('')) },
  {
    // Long values: a plausible start, a long run of one character, then an ending that does not fit
    // (what makes a backtracking pattern try every split of the run).
    weight: 2,
    // Without bias: fast-check leans towards the first and smallest choices, too short to show a quadratic cost.
    arbitrary: fc.noBias(
      fc.tuple(
        fc.constantFrom('', '12:34', '7:30', '2026-12-05', 'a@b.co', 'Ann', '4pm'),
        fc.constantFrom(' ', 'a', '\u200b', '0', '-', '/'),
        fc.constantFrom(1_000, 20_000, 60_000, 90_000),
        fc.constantFrom('', 'x', '!', ' p', '\u0000'),
      ).map(([start, pad, n, end]) => `${start}${pad.repeat(n)}${end}`),
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '', ' ', '0', '-1', '1e0', '0x2', ' 2', '2.5', '2147483647', '2147483648', '99999999999999999999', 'NaN', 'Infinity',
      '2026-12-05', '2026-02-30', '1900-01-01', '9999-12-31', '19:00', '7:30 pm', '25:00', '19:15', '00:00', '23:30',
      'a@b.co', '@', 'x'.repeat(300), 'true', 'null', '../../etc/passwd', '/uploads/../server.js', 'staff', 'admin',
      'confirmed', 'pending', 'cancelled', 'published', 'draft', 'table', 'enquiry', 'food_and_drinks', 'footer_opening_hours',
      "'; drop table reservations; --", '<script>alert(1)</script>', '{{customerName}}', '=HYPERLINK("x")',
    ),
  },
)

/** Numbers at and past the edges of the app's ranges and of PostgreSQL's integer. */
export const boundaryNumber = fc.constantFrom(0, -1, 1, 2, 6, 7, 12, 13, 20, 21, 1.5, -0, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e308, 59, 60)

const scalar: fc.Arbitrary<unknown> = fc.oneof(hostileString, boundaryNumber, fc.boolean(), fc.constant(null))

/** Any JSON value a field might be sent, of the right type or not. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES, 'text', 'link'), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.dictionary(fc.constantFrom('text', 'link', 'url'), scalar, { maxKeys: 2 }), { maxLength: 3 }) },
)

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; filename: string; bytes: Uint8Array; field: string }

const malformedJson = fc.constantFrom('{', '[1,2', '{"a":}', '{"name":"\\u0000"', '\u0000', '1e999999', '"', '{"__proto__":{"x":1}}', 'null', '[]', '"text"', '')

/**
 * A JSON body of about `bytes` bytes (one long field, or many fields): at the
 * API's limit and just past it, where a parser's handling changes.
 */
export function bodyOfSize(bytes: number): Body {
  const overhead = '{"name":""}'.length
  return { kind: 'raw', contentType: 'application/json', text: `{"name":"${'x'.repeat(Math.max(0, bytes - overhead))}"}` }
}

function bodyArbitrary(sample: Record<string, unknown> | undefined): fc.Arbitrary<Body> {
  const options: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [
    // At the body limit and just over it (API_JSON_LIMIT_BYTES, server/http/fast-lane.ts).
    { weight: 1, arbitrary: fc.constantFrom(100 * 1024 - 64, 100 * 1024, 100 * 1024 + 64).map(bodyOfSize) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'json', value })) },
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 }).map((value) => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json; charset=utf-999'), fc.oneof(malformedJson, hostileString))
        .map(([contentType, text]) => ({ kind: 'raw', contentType, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(hostileString, fc.constantFrom('menu.pdf', 'photo.png', '../../x.png')), fc.uint8Array({ maxLength: 512 }), fc.constantFrom('file', 'upload'))
        .map(([filename, bytes, field]) => ({ kind: 'multipart', filename: filename.slice(0, 200) || 'f', bytes, field })),
    },
  ]
  if (sample) {
    // A valid body with one to three fields replaced or removed: past the first check, into the rules.
    // The field's own valid value, padded with a long run and given an ending that does not fit: the classic
    // way into a pattern that backtracks, since the valid start takes it past any early check.
    const padded = fc.noBias(
      fc
        .tuple(fc.constantFrom(' ', ' ', '0', '\u200b'), fc.constantFrom(2_000, 20_000, 60_000, 90_000), fc.constantFrom('x', '!', ' p', '\u0000'))
        .map(([pad, n, end]) => (start: unknown) => `${String(start)}${pad.repeat(n)}${end}`),
    )
    const change = fc.oneof(
      { weight: 5, arbitrary: fc.option(hostileValue, { nil: undefined }) },
      { weight: 4, arbitrary: padded },
    )
    const mutated = fc
      .array(fc.tuple(fc.constantFrom(...Object.keys(sample)), change), { minLength: 1, maxLength: 3 })
      .map((changes) => {
        const value: Record<string, unknown> = { ...sample }
        for (const [key, next] of changes) {
          if (next === undefined) delete value[key]
          else value[key] = typeof next === 'function' ? next(sample[key]) : next
        }
        return { kind: 'json' as const, value }
      })
    options.push({ weight: 10, arbitrary: mutated }, { weight: 1, arbitrary: fc.constant({ kind: 'json', value: sample }) })
  }
  return fc.oneof(...options)
}

const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80' // a lone surrogate, as a browser would send it
  }
}

/** A value for a path parameter: plausible, at the edges, or broken. */
const pathValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1', '2', '0', '-1', '2147483647', '2147483648', '99999999999999999999', '1e3', '0x1', '01', '%00', '%E0%A4%A', '%', '..%2F..%2Fetc',
      '%20', 'upcoming', 'venue_name', 'footer_kitchen_hours', 'booking_capacity_covers', '2026-12-05', '2026-02-30', '2026-11-21',
      'acoustic-friday-the-hadham-folk-trio', 'wheatsheaf-pub-quiz', '3', '6', '7',
    ),
  },
  { weight: 3, arbitrary: hostileString.map((s) => encode(s.slice(0, 2000)) || 'x') },
)

const queryKey = fc.constantFrom('partySize', 'url', 'date', 'from', 'to', 'status', 'page', 'pageSize', 'q', 'x', '__proto__')
const queryString = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(queryKey, fc.oneof(pathValue, hostileString.map((s) => encode(s.slice(0, 500))))), { maxLength: 4 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?partySize=%', '?url=%E0%A4%A', '?&&&=', `?q=${'a'.repeat(5000)}`) },
)

export type Probe = { path: string; body: Body }

/**
 * Requests for one route: its parameters, query string and body all drawn
 * from the arbitraries above. `real` gives values that exist for a parameter
 * (a booking's manage token, ids of stored rows), drawn often, so requests
 * reach the handler's work and not only its first refusal.
 */
export function probesFor(path: string, sample?: Record<string, unknown>, real: Record<string, string[]> = {}): fc.Arbitrary<Probe> {
  const params = path.match(/:\w+/g) ?? []
  const valueFor = (param: string) => {
    const known = real[param.slice(1)]
    return known?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: pathValue }) : pathValue
  }
  return fc
    .tuple(params.length ? fc.tuple(...params.map(valueFor)) : fc.constant([] as string[]), queryString, bodyArbitrary(sample))
    .map(([values, query, body]) => {
      let i = 0
      return { path: path.replace(/:\w+/g, () => values[i++]!) + query, body }
    })
}

export type RouteUnderTest = { method: Method; path: string }

/**
 * The classic attacks on each field of a route's sample body, sent every run
 * (random draws may miss them): the field's own value followed by 60,000
 * spaces and an ending that does not fit, by a NUL, by a bidi override, and
 * replaced by a number beyond PostgreSQL's integer.
 */
export function classicProbes(path: string, sample: Record<string, unknown>, real: Record<string, string[]> = {}): Probe[] {
  const concrete = path.replace(/:(\w+)/g, (_m, name: string) => real[name]?.[0] ?? '1')
  const probes: Probe[] = []
  for (const [key, value] of Object.entries(sample)) {
    for (const next of [`${String(value)}${' '.repeat(60_000)}x`, `${String(value)}\u0000`, `${String(value)}\u202e`, 2_147_483_648, '2147483648']) {
      probes.push({ path: concrete, body: { kind: 'json', value: { ...sample, [key]: next } } })
    }
  }
  return probes
}
