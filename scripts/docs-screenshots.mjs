// `npm run docs:screenshots`: the staff guide's pictures (docs/images/), taken from the
// production build on a throwaway data directory, so they show the back-office as it is.
//
// Builds when needed, starts the server with a fixed staff account and the request clock
// (TEST_CLOCK_HEADER) and the demo floor plan, fills a busy Friday (bookings from guests and
// by phone, seated at tables; two large parties waiting; enquiries; the festive days' hours),
// signs in, and saves each panel at 1280 px wide and a few at 390 px (a phone). PNGs are
// reduced to a palette to stay small.
// Names given (`npm run docs:screenshots -- timeline phone-timeline`) take only those pictures.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { startServer } from '../tests/helpers/server-process.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'
import { trackRequests } from './quiet-network.mjs'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'docs/images')
const STAFF = { username: 'manager', password: 'docs-screenshots-password' }
const TIME_ZONE = 'Europe/London'
// As the browser tests find one (playwright.config.ts): Debian's headless shell is the same engine, quicker headless.
const chromePath = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((p) => p && fs.existsSync(p))
if (!chromePath) {
  console.error('No Chromium found: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.')
  process.exit(1)
}

/** The venue's date today and the next Friday on or after it ('YYYY-MM-DD'). */
function nextFriday() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + ((5 - d.getUTCDay() + 7) % 7))
  return d.toISOString().slice(0, 10)
}
const addDays = (date, n) => {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
/** The instant of a venue wall-clock time (BST or GMT, as the date has it). */
function venueInstant(date, time) {
  const guess = new Date(`${date}T${time}:00Z`)
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName').value // 'GMT' or 'GMT+1'
  const hours = Number(offset.replace('GMT', '') || 0)
  return new Date(guess.getTime() - hours * 3_600_000)
}

const only = process.argv.slice(2)
// The last address a signed-out call came from (see `api`).
let guestAddresses = 0
const friday = nextFriday()
const saturday = addDays(friday, 1)
// Friday lunchtime: the evening's bookings are all still ahead.
const now = venueInstant(friday, '12:15')

buildIfNeeded()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-docs-'))
const server = await startServer({
  dataDir,
  env: {
    ADMIN_USERNAME: STAFF.username,
    ADMIN_PASSWORD: STAFF.password,
    TEST_CLOCK_HEADER: 'true',
    E2E_TEST_SERVER: 'true',
    LOG_LEVEL: 'warn',
    // Each guest the seed books for comes from an address of their own (X-Forwarded-For, see `api`), as from their
    // own phone: one address is asked for a proof-of-work challenge after five attempts an hour, and may book only a
    // few tables a date (decision 21).
    TRUST_PROXY: 'true',
    // A pub's site as deployed: its address set (no banner asking for it), and the demo floor plan drawn, so that
    // bookings take tables and the timeline and Tables & Areas have something to show.
    PUBLIC_URL: 'https://www.thewheatsheafinn.co.uk',
    DEMO_PLAN: 'true',
  },
})
let browser
try {
  const cookie = await seed()
  browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  fs.mkdirSync(outDir, { recursive: true })
  await shoot(1280, 800, cookie, [
    ['staff-sign-in', '/login', { signedOut: true }],
    ['reservations', '/admin?section=reservations'],
    ['reservation-details', '/admin?section=reservations', { then: (page) => page.getByRole('button', { name: 'View details' }).nth(2).click(), wait: 'dialog' }],
    ['new-booking', '/admin?section=reservations', { then: (page) => page.getByRole('button', { name: 'New Booking' }).click(), wait: 'dialog' }],
    ['pending', '/admin?section=pending'],
    ['opening-hours', '/admin?section=hours'],
    ['hour-exceptions', '/admin?section=hours', { then: (page) => page.getByRole('tab', { name: 'Hour Exceptions' }).click() }],
    ['events', '/admin?section=events'],
    ['enquiries', '/admin?section=enquiries'],
    ['menus', '/admin?section=menus'],
    ['cocktails', '/admin?section=cocktails'],
    ['hero-slides', '/admin?section=hero-slides'],
    ['marketing', '/admin?section=marketing'],
    ['email-templates', '/admin?section=email-templates'],
    ['settings', '/admin?section=settings'],
    // At lunchtime (12:15) today's grid opens at the evening's first booking.
    // The page scrolled to the timeline, with the bookings that need a table above its grid.
    ['timeline', '/admin?section=reservations&layout=timeline', { then: (page) => toTop(page.getByText('Needs a table', { exact: true }).last()) }],
    // The area's tabs at the top, and its plan below them.
    ['tables-areas', '/admin?section=tables', { then: (page) => toTop(page.getByRole('tablist').first()) }],
    ['tonight', '/admin?section=tonight'],
    ['guests', '/admin?section=guests'],
  ])
  await shoot(390, 844, cookie, [
    ['phone-reservations', '/admin?section=reservations'],
    ['phone-pending', '/admin?section=pending'],
    // The day's list with its tables, below the filters.
    ['phone-timeline', '/admin?section=reservations&layout=timeline', { then: (page) => toTop(page.getByRole('button', { name: 'Timeline', exact: true })) }],
  ])
  console.log(`Screenshots of ${friday} written to ${path.relative(root, outDir)}/`)
} finally {
  await browser?.close()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/**
 * A call to the API at the Friday's clock, as the site itself (and as staff with `cookie`). Signed out, each call
 * comes from an address of its own (TEST-NET-1), as each guest books from their own phone.
 */
async function api(method, url, body, cookie) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      'X-Test-Now': now.toISOString(),
      ...(cookie ? { Cookie: cookie } : { 'X-Forwarded-For': `192.0.2.${++guestAddresses}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (res.status >= 400) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`)
  return { body: res.status === 204 ? undefined : await res.json(), headers: res.headers }
}

/** A busy Friday: what the pictures show. Returns the staff session cookie. */
async function seed() {
  const login = await api('POST', '/api/login', STAFF)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const guest = (name, date, startTime, partySize, additionalInfo = '', extra = {}) => ({
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
    phone: `07700 900 ${String(100 + name.length * 7).slice(0, 3)}`,
    date,
    startTime,
    partySize,
    additionalInfo,
    foodDrinks: 'food_and_drinks',
    receiveOffers: true,
    ...extra,
  })
  // Booked online by guests.
  const online = [
    guest('Sarah Whitfield', friday, '17:00', 2, 'Window table if possible'),
    guest('Priya Okafor', friday, '18:00', 4, 'Birthday: a candle in the pudding, please'),
    guest('James Hartley', friday, '18:30', 2, '', { foodDrinks: 'drinks_only', receiveOffers: false }),
    guest('Eleanor Marsh', friday, '19:00', 6, 'One vegan, one nut allergy'),
    guest('Daniel Reyes', friday, '19:30', 3),
    guest('Hannah Clarke', friday, '19:00', 8, 'Leaving do for a colleague'),
    guest('Oliver Bennett', friday, '20:00', 10, 'Rugby club dinner, may be 11'),
    guest('Grace Thompson', friday, '20:30', 2),
    guest('Ruth Pemberton', saturday, '12:30', 4, 'Bringing a dog'),
    guest('Marcus Lee', saturday, '19:00', 2),
  ]
  for (const booking of online) await api('POST', '/api/reservations', booking)
  // Taken by phone.
  const phone = [
    guest('Margaret Ashworth', friday, '17:30', 2, 'Regulars: the table by the fire'),
    guest('Chris Doyle', friday, '18:00', 5, 'High chair needed'),
    guest('Fiona Campbell', friday, '20:00', 4),
  ]
  for (const booking of phone) await api('POST', '/api/admin/reservations', { ...booking, status: 'confirmed', force: true }, cookie)
  const cancelled = await api('POST', '/api/admin/reservations', { ...guest('Peter Quinn', friday, '19:30', 2), status: 'confirmed', force: true }, cookie)
  await api('PATCH', `/api/admin/reservations/${cancelled.body.id}`, { status: 'cancelled', version: cancelled.body.version }, cookie)

  // Enquiries for the events that take them.
  const events = (await api('GET', '/api/admin/events', undefined, cookie)).body
  const enquiryEvents = events.filter((e) => e.bookingType === 'enquiry' && e.status === 'published')
  const people = [
    ['Alice Fernley', 6, 'Is there a vegetarian option with the wines?'],
    ['Ben Osei', 2, ''],
    ['Catherine Doyle', 12, 'Could we have the garden room?'],
  ]
  for (const [i, [name, partySize, specialRequests]] of people.entries()) {
    const event = enquiryEvents[i % enquiryEvents.length]
    if (!event) break
    const { email, phone } = guest(name, friday, '19:00', partySize)
    const made = await api('POST', '/api/event-enquiries', { eventId: event.id, name, email, phone, partySize, specialRequests })
    if (i === 0) await api('PATCH', `/api/admin/event-enquiries/${made.body.id}`, { status: 'contacted' }, cookie)
  }

  // The home page's banner.
  const slides = [
    ['A proper country pub', 'Food, ale and a fire in Little Hadham', 'Open Wednesday to Sunday, with a garden for summer evenings.', '/images/venue-bar-960.webp', [{ text: 'Book a Table', link: '/booking' }, { text: 'View Menu', link: '/menu' }]],
    ['Christmas at the Wheatsheaf', 'Parties from £45 a head', 'Three courses, crackers and a DJ on party nights.', '/images/christmas-menu-1000.webp', [{ text: 'Christmas Parties', link: '/christmas' }]],
  ]
  for (const [order, [title, subtitle, description, image, buttons]] of slides.entries()) {
    await api('POST', '/api/admin/hero-slides', { title, subtitle, description, image, buttons, order, isActive: true }, cookie)
  }

  // Christmas: an early close and a closed day.
  const year = friday.slice(0, 4)
  const christmas = friday > `${year}-12-26` ? String(Number(year) + 1) : year
  await api('POST', '/api/admin/hour-exceptions', { date: `${christmas}-12-24`, isClosed: false, openTime: '12:00', closeTime: '17:00', reason: 'Christmas Eve: lunch only' }, cookie)
  await api('POST', '/api/admin/hour-exceptions', { date: `${christmas}-12-25`, isClosed: true, openTime: '', closeTime: '', reason: 'Christmas Day' }, cookie)
  // The other festive days and bank holidays ahead on hours of their own, as a pub that has done its Christmas
  // hours has them: the pictures show the panels, not the banner asking for them.
  const { daysOnOrdinaryHours } = (await api('GET', '/api/admin/notices', undefined, cookie)).body
  for (const day of daysOnOrdinaryHours) {
    const closeTime = day.name === "New Year's Eve" ? '23:00' : '18:00'
    await api('POST', '/api/admin/hour-exceptions', { date: day.date, isClosed: false, openTime: '12:00', closeTime, reason: day.name }, cookie)
  }
  return cookie
}

/** Scrolls the page so that `locator`'s element is at the top of the screen. */
function toTop(locator) {
  return locator.evaluate((e) => e.scrollIntoView({ block: 'start' }))
}

/** Opens each page at the given size and saves it, as a palette PNG. */
async function shoot(width, height, cookie, shots) {
  // A browser in England (its language and clock; the headless shell's native date fields stay American).
  const english = { locale: 'en-GB', timezoneId: TIME_ZONE }
  const context = await browser.newContext({
    ...english,
    viewport: { width, height },
    deviceScaleFactor: 1,
    extraHTTPHeaders: { 'X-Test-Now': now.toISOString() },
    reducedMotion: 'reduce',
  })
  await context.clock.setFixedTime(now)
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=')
      return { name, value: value.join('='), url: server.url }
    }),
  )
  const signedOut = await browser.newContext({ ...english, viewport: { width, height }, deviceScaleFactor: 1, reducedMotion: 'reduce' })
  for (const [name, url, options = {}] of shots) {
    if (only.length > 0 && !only.includes(name)) continue
    const page = await (options.signedOut ? signedOut : context).newPage()
    // Not 'networkidle': the back-office's live stream stays open.
    const quiet = trackRequests(page)
    await page.goto(`${server.url}${url}`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await quiet()
    if (options.then) {
      await options.then(page)
      if (options.wait === 'dialog') await page.getByRole('dialog').waitFor()
      await quiet()
    }
    // Panels load their code and data after the page: wait until none says it is loading.
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.innerText ?? document.body.innerText), null, { timeout: 20_000 })
    // Fonts, images and the dialog's fade in.
    await page.evaluate(() => document.fonts.ready)
    await page.waitForTimeout(400)
    const png = await page.screenshot()
    const file = path.join(outDir, `${name}.png`)
    await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toFile(file)
    console.log(`${path.relative(root, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`)
    await page.close()
  }
  await context.close()
  await signedOut.close()
}
