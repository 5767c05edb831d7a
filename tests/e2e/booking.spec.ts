import type { APIRequestContext, Page } from '@playwright/test'
import { addDays, dayOfWeek as weekday, formatLongDate, formatTime12, MONTH_NAMES, todayIn, WEEKDAY_NAMES } from '#common/time'
import { seriousViolations } from './axe'
import { untilServed, withAnnouncedChange, withServerDatabase } from './db'
import { atFixedTime, expect, gotoHydrated, test, toastWith } from './fixtures'

/** Dates in London, from the real clock the e2e server uses. */
const londonToday = () => todayIn(new Date(), 'Europe/London')
/** 'Saturday 6 December 2026', the start of a calendar day's accessible name. */
const spoken = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAY_NAMES[weekday(date)]} ${d} ${MONTH_NAMES[m! - 1]} ${y}`
}
/** The n-th Saturday (open 12:00-23:30 in the seed) at least a few days ahead. */
const saturday = (n: number, from = londonToday()) => {
  let d = addDays(from, 3)
  while (weekday(d) !== 6) d = addDays(d, 1)
  return addDays(d, 7 * n)
}
/** The n-th Friday (open 16:00-23:30, the kitchen's last orders 21:00, in the seed) at least a few days ahead. */
const friday = (n: number, from = londonToday()) => {
  let d = addDays(from, 3)
  while (weekday(d) !== 5) d = addDays(d, 1)
  return addDays(d, 7 * n)
}
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const dayButton = (page: Page, date: string) =>
  page.getByRole('button', { name: new RegExp(`^${escape(spoken(date))}`) })

/** Opens /booking once its script runs (typing before that has its own test). */
async function openBooking(page: Page) {
  await gotoHydrated(page, '/booking')
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Reservation' })).toBeVisible()
  const reject = page.getByRole('button', { name: 'Reject' })
  if (await reject.isVisible()) await reject.click()
}

/** Clicks a day, going to later months first if needed. `force` clicks a day that is aria-disabled. */
async function pickDate(page: Page, date: string, options: { force?: boolean } = {}) {
  for (let i = 0; i < 4 && !(await dayButton(page, date).isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click()
  }
  await dayButton(page, date).click(options)
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Ann Guest')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900 000')
}

/**
 * Holds the page's scripts back until the returned function is called, as a slow connection would, so a test can
 * act on the server-rendered page before it hydrates whatever the machine's load (styles still arrive).
 */
async function holdScripts(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The success dialog (`title`), once it lists each of `texts`. */
async function expectSuccess(
  page: Page,
  title: 'Booking Confirmed' | 'Reservation Received',
  texts: (string | RegExp)[],
) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  for (const text of texts) await expect(dialog).toContainText(text)
  return dialog
}

/** Books through the API as another guest would, from their own device. */
function bookThroughApi(request: APIRequestContext, booking: { date: string; startTime: string; partySize: number }) {
  return request.post('/api/reservations', {
    // Their browser says the request comes from the site itself.
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: {
      name: 'Other Guest',
      email: `other-${unique()}@example.com`,
      phone: '01234 567890',
      ...booking,
      foodDrinks: 'food_and_drinks',
      receiveOffers: false,
    },
  })
}

test.describe('booking a table', () => {
  test('a guest books 2 people and sees Booking Confirmed with the 12-hour time', async ({ page }) => {
    await openBooking(page)
    await expect(page.getByLabel('Time', { exact: true })).toContainText('Please select a date first')
    await expect(page.getByLabel('Phone number')).toHaveAttribute('placeholder', '07xxx xxx xxx')
    await expect(page.getByLabel(/special offers/)).toBeChecked()
    await fillContact(page, `two-${unique()}@example.com`)
    const date = saturday(0)
    await pickDate(page, date)
    await expect(dayButton(page, date)).toHaveAccessibleName(/selected/)
    await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '7:00 PM' })).toHaveCount(1)
    await page.getByLabel('Time', { exact: true }).selectOption('19:00')
    await expect(page.getByText(/at 7:00 PM for 2 guests/)).toBeVisible()
    await page.getByLabel('Drinks Only').check()
    await page.getByLabel('Special requests and dietary requirements').fill('A quiet corner please')
    await page.getByRole('button', { name: 'Book Table' }).click()

    const dialog = await expectSuccess(page, 'Booking Confirmed', [
      'Ann Guest',
      '7:00 PM',
      /Guests\s*2/,
      'Drinks Only',
      'A quiet corner please',
      String(Number(date.slice(8))).padStart(2, '0'),
    ])
    // The form is reset behind the dialog.
    await expect(page.getByLabel('Full name')).toHaveValue('')
    await dialog.getByRole('link', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a number of guests out of range is said beside the field at once, and Book Table goes to it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openBooking(page)
    await fillContact(page, `range-${unique()}@example.com`)
    await pickDate(page, saturday(2))
    const time = page.getByLabel('Time', { exact: true })
    await time.selectOption('19:00')
    const guests = page.getByLabel('Number of guests')
    const status = page.locator('#booking-time-status')
    for (const typed of ['21', '7.5']) {
      await guests.fill(typed)
      await expect(page.getByText('Number of guests must be between 1 and 20')).toBeVisible()
      await expect(guests).toHaveAttribute('aria-invalid', 'true')
      // No summary or large-party notice for a count the booking refuses, and the times stay as they were.
      await expect(page.getByText(/at 7:00 PM for/)).toHaveCount(0)
      await expect(page.getByRole('note')).toHaveCount(0)
      await expect(status).toHaveText(/times available/)
      await expect(time).toHaveValue('19:00')
    }
    // Book Table, a screen below on a phone, brings the guest back to the field.
    await page.getByRole('button', { name: 'Book Table' }).click()
    await expect(guests).toBeFocused()
    await expect(guests).toBeInViewport()
    await guests.fill('4')
    await expect(page.getByText('Number of guests must be between 1 and 20')).toHaveCount(0)
    await expect(page.getByText(/at 7:00 PM for 4 guests/)).toBeVisible()
  })

  test('on a phone, a field tabbed to is scrolled clear of the cookie banner', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/booking')
    const banner = page.getByTestId('cookie-banner')
    await expect(banner).toBeVisible()
    await page.getByLabel('Full name').focus()
    for (const label of ['Email address', 'Phone number']) {
      await page.keyboard.press('Tab')
      await expect(page.getByLabel(label)).toBeFocused()
      const field = (await page.getByLabel(label).boundingBox())!
      expect(field.y + field.height, `${label} above the banner`).toBeLessThanOrEqual((await banner.boundingBox())!.y)
    }
  })

  test('a party of 8 sees the large-party notice and Reservation Received', async ({ page }) => {
    await openBooking(page)
    await fillContact(page, `eight-${unique()}@example.com`)
    await page.getByLabel('Number of guests').fill('8')
    await expect(page.getByRole('note')).toContainText('within 24 hours')
    await expect(page.getByRole('note')).toContainText('01279 555 014')
    await pickDate(page, saturday(1))
    await page.getByLabel('Time', { exact: true }).selectOption('18:30')
    await page.getByRole('button', { name: 'Book Table' }).click()
    await expectSuccess(page, 'Reservation Received', ['6:30 PM', /Guests\s*8/])
  })

  test("booked when the success dialog's code cannot come (the signal dropped), the guest is told in a toast", async ({
    page,
    consoleErrors,
  }) => {
    // The dialog's code comes once a time is picked, or beside the booking: here it never comes.
    consoleErrors.allow('net::ERR_FAILED', 'Failed to fetch dynamically imported module')
    await page.route(/\/assets\/booking-confirmation-[^/]+\.js(\?|$)/, (route) => route.abort())
    await openBooking(page)
    await fillContact(page, `dropped-${unique()}@example.com`)
    const date = saturday(2)
    await pickDate(page, date)
    await page.getByLabel('Time', { exact: true }).selectOption('20:30')
    await page.getByRole('button', { name: 'Book Table' }).click()
    const toast = toastWith(page, 'Booking Confirmed')
    await expect(toast).toContainText(`${formatLongDate(date)} at 8:30 PM, 2 guests.`)
    await expect(toast).toContainText('Thank you. Your table is booked and we look forward to seeing you.')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByLabel('Full name')).toHaveValue('')
  })

  test('booked, but the answer lost on the way back (the signal dropped): Book Table again shows the booking, made once', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow('net::ERR_INTERNET_DISCONNECTED')
    let posts = 0
    await page.route('**/api/reservations', async (route) => {
      if (route.request().method() !== 'POST' || posts++ > 0) return route.continue()
      // The server takes the booking; its answer never reaches the phone.
      expect((await route.fetch()).status()).toBe(201)
      await route.abort('internetdisconnected')
    })
    await openBooking(page)
    const email = `dropped-answer-${unique()}@example.com`
    await fillContact(page, email)
    const date = saturday(2)
    await pickDate(page, date)
    await page.getByLabel('Time', { exact: true }).selectOption('20:00')
    await page.getByRole('button', { name: 'Book Table' }).click()
    await expect(toastWith(page, 'Booking Failed')).toContainText('Something went wrong. Please try again.')
    // Nothing was cleared: the guest only presses the button again.
    await expect(page.getByLabel('Email address')).toHaveValue(email)
    await page.getByRole('button', { name: 'Book Table' }).click()
    await expectSuccess(page, 'Booking Confirmed', ['Ann Guest', '8:00 PM'])
    expect(posts).toBe(2)
    const made = await withServerDatabase((db) => db.query('SELECT start_time FROM reservations WHERE email = $1', [email]))
    expect(made.rows.map((r) => String(r.start_time).slice(0, 5))).toEqual(['20:00'])
  })

  test("without a connection the times say so, not 'No times available', and come once it is back", async ({ page, context, consoleErrors }) => {
    consoleErrors.allow('net::ERR_INTERNET_DISCONNECTED')
    await openBooking(page)
    await context.setOffline(true)
    await pickDate(page, saturday(1))
    const status = page.locator('#booking-time-status')
    await expect(status).toHaveText('No connection. The times will load when you are back online.')
    await expect(page.getByLabel('Time', { exact: true })).toBeDisabled()
    await expect(page.getByText('No times are available on this date')).toHaveCount(0)
    await context.setOffline(false)
    await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '7:00 PM' })).toHaveCount(1)
    await expect(status).toHaveText(/^\d+ times available$/)
  })

  test('times that could not be loaded say so, and Try again asks again', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 503')
    let refused = 0
    let asked = false
    await page.route('**/api/availability/slots/**', (route) => {
      // Refused until the guest asks again (the query's own three retries included).
      if (asked) return route.continue()
      refused++
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Busy"}' })
    })
    await openBooking(page)
    await pickDate(page, saturday(1))
    const status = page.locator('#booking-time-status')
    await expect(status).toContainText('Could not load times. Please try again.', { timeout: 20_000 })
    expect(refused).toBeGreaterThan(0)
    asked = true
    await status.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '7:00 PM' })).toHaveCount(1)
    await expect(status.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  })

  test('the guests input ignores values below 1, also when typed before the page script has run', async ({ page }) => {
    await openBooking(page)
    const guests = page.getByLabel('Number of guests')
    await guests.fill('0')
    await guests.blur()
    await expect(guests).toHaveValue('2')
    await guests.fill('-3')
    await guests.blur()
    await expect(guests).toHaveValue('2')

    const releaseScripts = await holdScripts(page)
    await page.goto('/booking', { waitUntil: 'commit' })
    await guests.fill('0')
    await guests.blur()
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
    releaseScripts()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await expect(guests).toHaveValue('2')
  })

  // Under fixed clocks (the server honours X-Test-Now): the 1st, the 31st, and London's midnight either side of the
  // spring clock change, when the UTC date and the venue's date differ.
  for (const { at, today, note } of [
    { at: '2027-03-01T09:00:00Z', today: '2027-03-01', note: 'on the 1st, yesterday is last month' },
    { at: '2027-01-31T09:00:00Z', today: '2027-01-31', note: 'on the 31st' },
    { at: '2027-03-27T23:30:00Z', today: '2027-03-27', note: 'at 23:30 GMT the night before the clocks go forward' },
    { at: '2027-03-28T23:30:00Z', today: '2027-03-29', note: 'at 00:30 BST, still the 28th in UTC' },
  ]) {
    test(`closed weekdays and past days cannot be picked, ${note}`, async ({ page }) => {
      await atFixedTime(page, at)
      await openBooking(page)
      await expect(dayButton(page, today)).toHaveAccessibleName(/today/)
      const yesterday = addDays(today, -1)
      await expect(dayButton(page, yesterday)).toHaveAttribute('aria-disabled', 'true')
      await expect(dayButton(page, yesterday)).toHaveAccessibleName(/not available$/)
      await dayButton(page, yesterday).click({ force: true })
      await expect(page.getByLabel('Time', { exact: true })).toContainText('Please select a date first')
      // The previous month is in the past: its button is disabled.
      await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled()
      let monday = addDays(today, 1)
      while (weekday(monday) !== 1) monday = addDays(monday, 1)
      for (const closed of [monday, addDays(monday, 1)]) {
        await pickDate(page, closed, { force: true })
        await expect(dayButton(page, closed)).toHaveAttribute('aria-disabled', 'true')
        await expect(dayButton(page, closed)).toHaveAccessibleName(`${spoken(closed)}, closed`)
      }
      await expect(page.getByLabel('Time', { exact: true })).toContainText('Please select a date first')
    })
  }

  test('a day closed by an exception cannot be picked, and the API refuses it', async ({ page, request }) => {
    // A Saturday, open by its weekday row, closed for the day by an exception.
    const date = saturday(6)
    const reason = `Private party (booking test ${date})`
    await withAnnouncedChange((db) => db.query('insert into hour_exceptions (date, is_closed, reason) values ($1, true, $2)', [date, reason]))
    try {
      await untilServed('/api/hour-exceptions', reason)
      await openBooking(page)
      await pickDate(page, date, { force: true })
      await expect(dayButton(page, date)).toHaveAttribute('aria-disabled', 'true')
      await expect(dayButton(page, date)).toHaveAccessibleName(`${spoken(date)}, closed`)
      await expect(page.getByLabel('Time', { exact: true })).toContainText('Please select a date first')
      // The legend draws 'Closed days' as a closed day is drawn: a greyed number struck through, on no fill.
      const look = (el: Element) => {
        const style = getComputedStyle(el)
        return { text: Boolean(el.textContent?.trim()), line: style.textDecorationLine, color: style.color, fill: style.backgroundColor }
      }
      const sample = page.getByRole('list', { name: 'Legend' }).getByRole('listitem').filter({ hasText: 'Closed days' }).locator('span')
      expect(await sample.evaluate(look)).toEqual(await dayButton(page, date).evaluate(look))
      // The Saturday after it is still open.
      await pickDate(page, addDays(date, 7))
      await expect(dayButton(page, addDays(date, 7))).toHaveAccessibleName(/selected/)

      const slots = await request.get(`/api/availability/slots/${date}`)
      expect(slots.status()).toBe(200)
      expect(await slots.json()).toEqual([])
      const booking = await bookThroughApi(request, { date, startTime: '19:00', partySize: 2 })
      expect(booking.status()).toBe(409)
    } finally {
      await withAnnouncedChange((db) => db.query('delete from hour_exceptions where date = $1', [date]))
      await untilServed('/api/hour-exceptions', reason, { present: false })
    }
  })

  test('an empty submit says what is missing, in order', async ({ page }) => {
    await openBooking(page)
    const book = page.getByRole('button', { name: 'Book Table' })
    await book.click()
    const toast = toastWith(page, 'Missing Information')
    await expect(toast).toContainText('Please enter your name.')
    await page.getByLabel('Full name').fill('Ann')
    await book.click()
    await expect(toast).toContainText('Please enter your email address.')
    await page.getByLabel('Email address').fill('ann@example.com')
    await book.click()
    await expect(toast).toContainText('Please enter your phone number.')
    await page.getByLabel('Phone number').fill('07700')
    await book.click()
    await expect(toast).toContainText('Please select a date for your reservation.')
    await pickDate(page, saturday(2))
    await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '7:00 PM' })).toHaveCount(1)
    await book.click()
    await expect(toast).toContainText('Please select a time for your reservation.')
  })

  test('a slot taken meanwhile gives Booking Failed with the server message', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await openBooking(page)
    const date = saturday(3)
    await fillContact(page, `late-${unique()}@example.com`)
    await pickDate(page, date)
    await page.getByLabel('Time', { exact: true }).selectOption('19:30')
    // Someone else takes the whole slot (20 guests is the pacing limit per slot) through the API.
    const taken = await bookThroughApi(request, { date, startTime: '19:30', partySize: 20 })
    expect(taken.status()).toBe(201)
    // By keyboard: the refusal leaves focus on Book Table, where the guest was (a disabled button had dropped it to the page).
    const book = page.getByRole('button', { name: 'Book Table' })
    await book.focus()
    await page.keyboard.press('Enter')
    const toast = toastWith(page, 'Booking Failed')
    await expect(toast).toContainText('Sorry, 7:30 PM is no longer available for 2 guests. Please choose another time.')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(book).toBeFocused()
    await expect(book).toBeEnabled()
    // The refused booking, which the page shows as a toast.
    consoleErrors.allow('status of 409')
  })

  test('while the booking is sent Book Table keeps focus and says so, and more Enters send nothing more', async ({ page }) => {
    let posts = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/reservations', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      posts++
      await held
      await route.continue()
    })
    await openBooking(page)
    await fillContact(page, `held-${unique()}@example.com`)
    await pickDate(page, saturday(4))
    await page.getByLabel('Time', { exact: true }).selectOption('19:00')
    await page.getByRole('button', { name: 'Book Table' }).focus()
    await page.keyboard.press('Enter')
    const sending = page.getByRole('button', { name: 'Sending Booking...' })
    await expect(sending).toBeFocused()
    await expect(sending).toHaveAttribute('aria-disabled', 'true')
    // Enter again on the button, and Enter in a field (which sends a form through its button): neither goes.
    await page.keyboard.press('Enter')
    await page.getByLabel('Phone number').press('Enter')
    release()
    await expectSuccess(page, 'Booking Confirmed', ['Ann Guest', '7:00 PM'])
    expect(posts).toBe(1)
  })

  test('what a guest types before the page script has run is kept, and booked', async ({ page }) => {
    const releaseScripts = await holdScripts(page)
    await page.goto('/booking', { waitUntil: 'commit' })
    const email = `early-${unique()}@example.com`
    await fillContact(page, email)
    await page.getByLabel('Special requests and dietary requirements').fill('A high chair, please')
    await page.getByLabel('Number of guests').fill('3')
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull()
    // Enter cannot send the form yet: it would be a plain GET with the guest's details in the address.
    const sentAsGet: string[] = []
    page.on('request', (r) => r.url().includes('/booking?') && sentAsGet.push(r.url()))
    await expect(page.getByRole('button', { name: 'Book Table' })).toBeDisabled()
    await page.getByLabel('Phone number').press('Enter')
    releaseScripts()

    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    expect(sentAsGet).toEqual([])
    const reject = page.getByRole('button', { name: 'Reject' })
    if (await reject.isVisible()) await reject.click()
    const date = saturday(4)
    await pickDate(page, date)
    await page.getByLabel('Time', { exact: true }).selectOption('13:00')
    await expect(page.getByLabel('Full name')).toHaveValue('Ann Guest')
    await page.getByRole('button', { name: 'Book Table' }).click()

    await expectSuccess(page, 'Booking Confirmed', ['Ann Guest', '1:00 PM', /Guests\s*3/, 'A high chair, please'])
  })

  test('the whole flow works by keyboard alone (on the 31st, when Page Down clamps to the end of February)', async ({
    page,
  }) => {
    // Every step by keyboard, through the calendar a week at a time: 24 s on a busy CI machine.
    test.slow()
    const today = '2027-01-31'
    await atFixedTime(page, '2027-01-31T10:00:00Z')
    await openBooking(page)
    await page.getByLabel('Full name').focus()
    await page.keyboard.type('Kay Board')
    await page.keyboard.press('Tab')
    await page.keyboard.type(`keys-${unique()}@example.com`)
    await page.keyboard.press('Tab')
    await page.keyboard.type('07700 900 111')
    // Into the calendar: the next-month button, then the one day in the tab order (today).
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Next month' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dayButton(page, today)).toBeFocused()
    const target = saturday(4, today)
    // A month on from the 31st is the last day of February; a month back from that is the 28th.
    await page.keyboard.press('PageDown')
    await expect(dayButton(page, '2027-02-28')).toBeFocused()
    await page.keyboard.press('PageUp')
    await expect(dayButton(page, '2027-01-28')).toBeFocused()
    await page.keyboard.press('End') // Saturday of that week
    await page.keyboard.press('Home') // Sunday of that week
    await expect(dayButton(page, '2027-01-24')).toBeFocused()
    await page.keyboard.press('End')
    let at = '2027-01-30'
    await expect(dayButton(page, at)).toBeFocused()
    while (at < target) {
      await page.keyboard.press('ArrowDown')
      at = addDays(at, 7)
    }
    await expect(dayButton(page, target)).toBeFocused()
    await page.keyboard.press('Enter')
    // Picking a date moves to the time dropdown.
    const time = page.getByLabel('Time', { exact: true })
    await expect(time).toBeFocused()
    await expect(time.locator('option', { hasText: '12:00 PM' })).toHaveCount(1)
    await page.keyboard.press('Escape')
    await page.keyboard.press('ArrowDown')
    await expect(time).not.toHaveValue('')
    const chosen = await time.inputValue()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Number of guests')).toBeFocused()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('3')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Food & Drinks')).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByLabel('Drinks Only')).toBeChecked()
    await page.keyboard.press('Tab')
    await page.keyboard.type('Step-free access please')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel(/special offers/)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByLabel(/special offers/)).not.toBeChecked()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Book Table' })).toBeFocused()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Booking Confirmed' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(formatTime12(chosen))
    await expect(dialog).toContainText('Drinks Only')
    await expect(dialog.getByRole('link', { name: 'Continue' })).toBeFocused()
    // Escape closes it and hands focus back to Book Table.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Book Table' })).toBeFocused()
  })
})

test.describe("the kitchen's last orders (issue 36)", () => {
  const REASON = "The kitchen's last orders are at 9:00 PM, so this time is for drinks"

  for (const width of [1280, 390]) {
    test(`a Friday at 9:30 PM offers only Drinks Only, saying why, and books it (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await openBooking(page)
      await fillContact(page, `kitchen-${width}-${unique()}@example.com`)
      const date = friday(width === 390 ? 7 : 6)
      await pickDate(page, date)
      const time = page.getByLabel('Time', { exact: true })
      await time.selectOption('19:00')
      const food = page.getByLabel('Food & Drinks')
      const drinks = page.getByLabel('Drinks Only')
      // Before last orders both are offered, and the guest's choice stands.
      await expect(food).toBeEnabled()
      await expect(food).toBeChecked()
      await expect(page.getByText(REASON)).toHaveCount(0)

      await time.selectOption('21:30')
      await expect(food).toBeDisabled()
      await expect(drinks).toBeChecked()
      const reason = page.getByRole('status').filter({ hasText: REASON })
      await expect(reason).toBeVisible()
      // The group says why to a screen reader too.
      await expect(page.getByRole('group', { name: 'Are you joining us for' })).toHaveAccessibleDescription(REASON)
      await reason.scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`last-orders-${width}.png`) })
      expect(await seriousViolations(page)).toEqual([])
      // Nothing spills sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

      // Keyboard: the disabled choice is skipped.
      await drinks.focus()
      await page.keyboard.press('ArrowLeft')
      await expect(drinks).toBeChecked()

      await page.getByRole('button', { name: 'Book Table' }).click()
      await expectSuccess(page, 'Booking Confirmed', ['9:30 PM', 'Drinks Only'])
    })
  }

  test('an earlier time gives the guest their choice back; the API refuses food after last orders', async ({ page, request }) => {
    await openBooking(page)
    const date = friday(8)
    await pickDate(page, date)
    const time = page.getByLabel('Time', { exact: true })
    await time.selectOption('21:00')
    await expect(page.getByLabel('Food & Drinks')).toBeDisabled()
    await time.selectOption('20:30')
    await expect(page.getByLabel('Food & Drinks')).toBeEnabled()
    await expect(page.getByLabel('Food & Drinks')).toBeChecked()
    const refused = await bookThroughApi(request, { date, startTime: '21:30', partySize: 2 })
    expect(refused.status()).toBe(400)
    expect((await refused.json()).message).toBe("The kitchen's last orders are at 9:00 PM: for a later time choose Drinks Only")
  })
})
