// The endpoints `npm run bench` measures. Each feature adds its own.
// `body` may be an object or a function (i) => object giving each request its own body.
// `prepare(baseUrl, { query })` may run once before the endpoint is measured (query: SQL on the bench's database) and return extra fields.
// `budget: { minRps, maxP99Ms }` is checked: the bench exits 1 when one is missed.
// `costPer: true` also prints CPU per request (app, PostgreSQL and the load generator), requests per committed transaction
// and tables taken; with `seatsTables: true` a run in which no booking took a table counts as a budget missed.
import { DEMO_PLAN, drawPlanSql, largePlan } from '../tests/helpers/floor-plans.mjs'

// Booking (issue 4): dates are venue-zone days after today.
const venueToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
const dayAfter = (days) => new Date(Date.parse(`${venueToday}T12:00:00Z`) + days * 86_400_000)
const openDayAfter = (days) => {
  let d = dayAfter(days)
  while (d.getUTCDay() === 1 || d.getUTCDay() === 2) d = new Date(d.getTime() + 86_400_000)
  return d.toISOString().slice(0, 10)
}
/**
 * Every open slot of the 179 days from `firstDay`, read from the app's own availability
 * for one guest, ordered so that consecutive requests go to different dates:
 * request i books slot i, so requests rarely wait on the same date lock.
 * A run books ~25,000 tables, more than the demo venue's 60 covers hold over
 * 120 days, so the bench's database gets room for them first: the run
 * measures bookings, not "no longer available" answers. With tables drawn a
 * party of one takes a table a slot: 17 of the demo plan's take one, and 120
 * days of the demo hours have about 1,260 slots, room for 21,400 bookings, which
 * a run on a fast machine passed (66 answers of 409 in one). The horizon holds
 * two such spans of days (see withTables).
 */
const BENCH_DAYS = 180
const BENCH_DAYS_AHEAD = 2 * BENCH_DAYS
const openSlotsFrom = (firstDay) => async (baseUrl, { query }) => {
  const settings = [['booking_capacity_covers', '100000'], ['booking_max_covers_per_slot', '0'], ['booking_max_days_ahead', String(BENCH_DAYS_AHEAD)]]
  for (const [key, value] of settings) {
    await query(
      `insert into site_settings (setting_key, setting_value) values ($1, $2)
       on conflict (setting_key) do update set setting_value = excluded.setting_value`,
      [key, value],
    )
  }
  const perDate = []
  for (let day = firstDay; day < firstDay + BENCH_DAYS - 1; day++) {
    const date = dayAfter(day).toISOString().slice(0, 10)
    const slots = await (await fetch(`${baseUrl}/api/availability/slots/${date}?partySize=1`)).json()
    // A slot from the kitchen's last orders is booked Drinks Only, as the booking page sends it (issue 36).
    if (slots.length) perDate.push(slots.map((s) => ({ date, startTime: s.startTime, foodDrinks: s.lastOrders ? 'drinks_only' : 'food_and_drinks' })))
  }
  const longest = Math.max(...perDate.map((d) => d.length))
  const order = []
  for (let k = 0; k < longest; k++) for (const day of perDate) if (day[k]) order.push(day[k])
  return { slots: order }
}
const openSlots = openSlotsFrom(1)

/**
 * POST /api/reservations on distinct slots, one guest each with its own email,
 * sent as the booking page sends it (with an Idempotency-Key).
 * The public limit is 20 attempts per 10 minutes per IP: the bench must run the
 * server with TRUST_PROXY=true and send each request from its own
 * X-Forwarded-For (see `headers(i)` and `env`), or it measures 429s.
 */
const reservationBody = (i, { slots }) => ({
  name: `Bench Guest ${i}`,
  email: `bench-${i}@example.com`,
  // A phone of each guest's own: one phone holds at most a few bookings of a date (decision 21).
  phone: `07700 ${String(i % 1_000_000).padStart(6, '0')}`,
  // The slot's date, time and preference (Drinks Only from the kitchen's last orders).
  ...slots[i % slots.length],
  partySize: 1,
  additionalInfo: '',
  receiveOffers: false,
})

/**
 * The venue with tables (issue 34): a plan drawn into the bench's database, the
 * tables drawn before taken out of use. Availability then answers from the
 * tables' holds, and each booking is seated at the best free fit. Measured
 * bookings are parties of 1 given a 30-minute turn, so each table seats one
 * booking a slot and a run books rather than fills the venue and measures
 * refusals; the plan's own rules (90, 120, 150 minutes) stay for larger parties.
 * It books the days from `firstDay`. A plan drawn after another takes the other's
 * tables out of use with plain SQL, which the product refuses while they hold
 * bookings to come (a 409): on the days the other plan booked, its bookings would
 * still hold those tables, and every batch would read their holds (measured: the
 * day read's 69 µs a booking doubled). So the second plan books days of its own.
 */
function withTables(plan, prefix, firstDay) {
  const measured = { ...plan, turnTimes: [{ minParty: 1, maxParty: 1, durationMinutes: 30 }, ...plan.turnTimes] }
  let drawn
  // Drawn by whichever of the plan's endpoints runs first: a run of the booking POSTs alone
  // (`npm run bench -- "POST /api/reservations"`) measures them with their tables too.
  const draw = async (query) => {
    await drawPlanSql(query, measured, { prefix })
    // The app's answers for a date are kept for a second: let them go before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    await query('analyze reservation_tables')
  }
  return async (baseUrl, { query }) => {
    drawn ??= draw(query)
    await drawn
    return openSlotsFrom(firstDay)(baseUrl, { query })
  }
}
const DEMO_NAME = 'demo plan: 18 tables, 2 combinations'
const LARGE_NAME = '40 tables, 12 combinations'
const tableEndpoints = (name, plan, prefix, firstDay) => {
  const prepare = withTables(plan, prefix, firstDay)
  return [
    {
      name: `GET /api/availability/slots/{date} (${name})`,
      method: 'GET',
      path: `/api/availability/slots/${openDayAfter(firstDay + 6)}?partySize=2`,
      prepare,
      budget: PUBLIC_READ_BUDGET,
    },
    {
      name: `POST /api/reservations (${name})`,
      method: 'POST',
      path: '/api/reservations',
      prepare,
      body: reservationBody,
      headers: (i) => ({
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        'idempotency-key': `bench-booking-${i}`,
      }),
      budget: { maxP99Ms: 50 },
      costPer: true,
      // Its bookings must take tables: the bench says so if none did.
      seatsTables: true,
    },
  ]
}

/**
 * The staff list of one busy day in a big database: 49,700 bookings over 500
 * days after it, then 300 on the day measured, read signed in as the panel reads
 * it. Past the days the booking POSTs book, so that only those 300 are its own.
 */
const BUSY_DAY = dayAfter(BENCH_DAYS_AHEAD + 7).toISOString().slice(0, 10)
async function busyDay(baseUrl, { query }) {
  await query(`insert into reservations (name, email, phone, date, start_time, party_size, status)
    select 'Guest ' || g, 'guest' || g || '@example.com', '07700 900 000',
      to_char($1::date + 1 + (g % 500), 'YYYY-MM-DD'),
      to_char(time '12:00' + (g % 20) * interval '30 minutes', 'HH24:MI'), 1 + g % 6, 'confirmed'
    from generate_series(1, 49700) g`, [BUSY_DAY])
  await query(`insert into reservations (name, email, phone, date, start_time, party_size, status)
    select 'Busy ' || g, 'busy' || g || '@example.com', '07700 900 000', $1,
      to_char(time '12:00' + (g % 22) * interval '30 minutes', 'HH24:MI'), 1 + g % 6, case when g % 10 = 0 then 'pending' else 'confirmed' end
    from generate_series(1, 300) g`, [BUSY_DAY])
  await query('analyze reservations')
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
  })
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  return { cookie }
}

/** Staff's guest search (issue 37) over 50,000 guests, signed in as the Guests panel asks. */
async function manyGuests(baseUrl, context) {
  await context.query(`insert into guests (email_key, email, name, phone, phone_key)
    select 'guest' || g || '@example.com', 'guest' || g || '@example.com',
      (array['Ann', 'Bob', 'Cara', 'Dev', 'Eli'])[1 + g % 5] || ' Surname' || g,
      '07700 ' || lpad(g::text, 6, '0'), '+447700' || lpad(g::text, 6, '0')
    from generate_series(1, 50000) g`)
  await context.query('analyze guests')
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
  })
  return { cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') }
}

/** The slug of the first upcoming published event the seed made, for its page. */
async function seededEvent(_baseUrl, { query }) {
  const { rows } = await query(`select slug from events where status = 'published' and date >= $1 order by date, time limit 1`, [venueToday])
  if (!rows[0]) throw new Error('The seed made no upcoming published event')
  return { slug: rows[0].slug }
}

// Issue 16's budgets. Server-rendered public pages: 600 req/s and p99 under 150 ms
// at 50 connections (met by caching the HTML of anonymous GETs). Public JSON reads:
// 4,000 req/s (met by public-reads.ts answering them from memory for a second).
const PAGE_BUDGET = { minRps: 600, maxP99Ms: 150 }
const PUBLIC_READ_BUDGET = { minRps: 4000 }

export const endpoints = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  // Public pages (issues 3 and 16): server-rendered HTML with their loaders' data.
  { name: 'GET /', method: 'GET', path: '/', budget: PAGE_BUDGET },
  { name: 'GET /menu', method: 'GET', path: '/menu', budget: PAGE_BUDGET },
  { name: 'GET /events', method: 'GET', path: '/events', budget: PAGE_BUDGET },
  { name: 'GET /events/{slug}', method: 'GET', path: ({ slug }) => `/events/${slug}`, prepare: seededEvent, budget: PAGE_BUDGET },
  { name: 'GET /booking', method: 'GET', path: '/booking', budget: PAGE_BUDGET },
  // Public JSON reads (issues 4, 13 and 16).
  {
    name: 'GET /api/availability/slots/{date}',
    method: 'GET',
    path: `/api/availability/slots/${openDayAfter(7)}?partySize=2`,
    budget: PUBLIC_READ_BUDGET,
  },
  // Events (issue 13): the public list, as /events and the home page read it.
  { name: 'GET /api/events/upcoming', method: 'GET', path: '/api/events/upcoming', budget: PUBLIC_READ_BUDGET },
  { name: 'GET /api/opening-hours', method: 'GET', path: '/api/opening-hours', budget: PUBLIC_READ_BUDGET },
  // Before the bookings: each booking upserts its guest, and a run's tens of thousands of bench guests
  // ("Bench Guest 14242", 07700 014242) would match the search's digits too.
  {
    name: 'GET /api/admin/guests?q= (1 of 50,000)',
    method: 'GET',
    // A part of a name, as staff type it.
    path: '/api/admin/guests?q=surname4242',
    prepare: manyGuests,
    headers: (_i, { cookie }) => ({ cookie }),
    // Issue 37's budget is for one member of staff searching (measured: p50 6 ms, p99 17 ms; at 50 connections
    // the same requests queue behind each other on two cores, p99 about 500 ms).
    connections: 1,
    budget: { maxP99Ms: 50 },
    // The search's read (server/guests/guests-service.ts): the stored search text under its trigram index, the page
    // and the whole count from one scan.
    explain: {
      text: `select id, count(*) over () from guests g where g.erased_at is null and g.search_text like $1 order by g.updated_at desc limit 50`,
      values: () => ['%surname4242%'],
    },
  },
  {
    name: 'POST /api/reservations (distinct slots)',
    method: 'POST',
    path: '/api/reservations',
    prepare: openSlots,
    body: reservationBody,
    headers: (i) => ({
      'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      'idempotency-key': `bench-booking-${i}`,
    }),
    // Thousands of bookings a second: far past the site's hourly threshold for the challenge (decision 21), which
    // a script cannot solve at this rate. The bench measures booking, not the challenge.
    env: { TRUST_PROXY: 'true', CHALLENGE_AFTER_SITE: '100000000' },
    budget: { maxP99Ms: 50 },
    costPer: true,
  },
  // The table engine (issue 34): the same reads and bookings with a floor plan drawn.
  // The demo plan books the days the covers POST booked (a pub that draws its plan after selling covers); the
  // 40 tables book days of their own (see withTables).
  ...tableEndpoints(DEMO_NAME, DEMO_PLAN, '', 1),
  ...tableEndpoints(LARGE_NAME, largePlan(), 'L ', BENCH_DAYS + 1),
  {
    name: 'GET /api/admin/reservations?date= (300 of 50,000)',
    method: 'GET',
    path: `/api/admin/reservations?date=${BUSY_DAY}&pageSize=500`,
    prepare: busyDay,
    headers: (_i, { cookie }) => ({ cookie }),
    // The page of the day's list, as the server sends it (see server/reservations/staff-reservations.ts).
    explain: {
      text: `select * from reservations where date = $1 order by start_time, name, id limit 500`,
      values: () => [BUSY_DAY],
    },
  },
]
