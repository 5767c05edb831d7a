// The endpoints `npm run bench` measures. Each feature adds its own.
// `body` may be an object or a function (i) => object giving each request its own body.
// `prepare(baseUrl)` may run once before the endpoint is measured and return extra fields.
// Booking (issue 4): dates are venue-zone days after today; Mondays and Tuesdays (closed in the seed) are skipped.
const venueToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
const dayAfter = (days) => new Date(Date.parse(`${venueToday}T12:00:00Z`) + days * 86_400_000)
const openDayAfter = (days) => {
  let d = dayAfter(days)
  while (d.getUTCDay() === 1 || d.getUTCDay() === 2) d = new Date(d.getTime() + 86_400_000)
  return d.toISOString().slice(0, 10)
}
// 16:00-19:00 are slots on every open day of the seed (Sunday closes at 19:30).
const BENCH_TIMES = ['16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00']

/**
 * POST /api/reservations on distinct slots: request i books one guest on one of
 * ~110 open days x 7 times with its own email, so requests rarely wait on the
 * same date lock and a slot's pacing (20 guests) lasts ~20 requests.
 * The public POST limit is 20 per 10 minutes per IP: the bench must run the
 * server with TRUST_PROXY=true and send each request from its own
 * X-Forwarded-For (see `headers(i)` and `env`), or it measures 429s.
 */
const reservationBody = (i) => ({
  name: `Bench Guest ${i}`,
  email: `bench-${i}@example.com`,
  phone: '07700 900 000',
  date: openDayAfter(2 + (i % 110)),
  startTime: BENCH_TIMES[Math.floor(i / 110) % BENCH_TIMES.length],
  partySize: 1,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  receiveOffers: false,
})

export const endpoints = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  // Public pages (issue 3): server-rendered HTML with their loaders' data.
  { name: 'GET /', method: 'GET', path: '/' },
  { name: 'GET /menu', method: 'GET', path: '/menu' },
  { name: 'GET /api/availability/slots/{date}', method: 'GET', path: `/api/availability/slots/${openDayAfter(7)}?partySize=2` },
  {
    name: 'POST /api/reservations (distinct slots)',
    method: 'POST',
    path: '/api/reservations',
    body: reservationBody,
    headers: (i) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
    env: { TRUST_PROXY: 'true' },
  },
]
