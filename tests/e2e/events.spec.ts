import type { Page } from '@playwright/test'
import { signInQuickly } from './admin'
import { untilServed, withAnnouncedChange, withServerDatabase } from './db'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

/** Dates in London from the real clock (the events pages run at the real time). */
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

let counter = 0
type EventRow = { id: number; slug: string; title: string; date: string }
/** An event of its own for a test, straight into the test server's database (and, when it is published, on /events). */
async function givenEvent(over: { title?: string; bookingType?: 'table' | 'enquiry'; status?: string; days?: number; capacity?: number | null } = {}) {
  const title = `${over.title ?? 'Test Event'} ${Date.now().toString(36)}${++counter}`
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const event = await withAnnouncedChange(async (db) => {
    const { rows } = await db.query<EventRow>(
      `insert into events (slug, title, description, short_description, date, time, end_time, booking_type, status, capacity, price)
       values ($1, $2, $3, $4, $5, '19:30', '22:00', $6, $7, $8, '12.50') returning id, slug, title, date`,
      [
        slug,
        title,
        'First paragraph about the evening.\n\nSecond paragraph with the details.',
        'An evening to remember.',
        addDays(londonToday(), over.days ?? 12),
        over.bookingType ?? 'table',
        over.status ?? 'published',
        over.capacity === undefined ? 40 : over.capacity,
      ],
    )
    return rows[0]!
  })
  if ((over.status ?? 'published') === 'published') await untilServed('/events', title)
  return event
}

/** A toast shown while a dialog is open (the dialog hides everything else from the accessibility tree, so not found by role). */
const toastText = (page: Page, title: string) => page.locator('li[data-state="open"]').filter({ hasText: title })
const card = (page: Page, title: string) => page.getByRole('article', { name: title })
const details = (page: Page) => page.getByRole('complementary', { name: 'Event details' })

test.describe('/events', () => {
  test('filters by month, in the address too, and shows every event again with All', async ({ page }) => {
    await gotoHydrated(page, '/events')
    const months = page.getByRole('navigation', { name: 'Filter events by month' }).getByRole('link')
    await expect(months.first()).toHaveText('All')
    await expect(months.first()).toHaveAttribute('aria-current', 'page')
    const total = await page.getByRole('article').count()
    expect(total).toBeGreaterThanOrEqual(6)
    // The seeded events run over several months; the second button is the first of them.
    const first = months.nth(1)
    const month = (await first.textContent())!.trim()
    await first.click()
    await expect(page).toHaveURL(/\?month=\d{4}-\d{2}$/)
    await expect(first).toHaveAttribute('aria-current', 'page')
    const shown = page.getByRole('article')
    const count = await shown.count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(total)
    for (const date of await shown.locator('dd').filter({ hasText: /\d(st|nd|rd|th) / }).allTextContents()) expect(date).toContain(month)
    await months.first().click()
    await expect(page.getByRole('article')).toHaveCount(total)
  })

  test('opens an event by its slug, with its details, and goes back to the list', async ({ page }) => {
    const event = await givenEvent({ title: 'Folk Night' })
    await gotoHydrated(page, '/events')
    await card(page, event.title).getByRole('link', { name: /More Information/ }).click()
    await expect(page).toHaveURL(`/events/${event.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible()
    await expect(page.getByText('Second paragraph with the details.')).toBeVisible()
    const panel = details(page)
    await expect(panel).toContainText('7:30 PM - 10:00 PM')
    await expect(panel).toContainText('£12.50')
    await expect(panel).toContainText('40 guests')
    await expect(page).toHaveTitle(new RegExp(`^${event.title}, `))
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent())!)
    expect(jsonLd).toMatchObject({ '@type': 'Event', name: event.title, offers: { price: '12.50', priceCurrency: 'GBP' } })
    // The same event by its id.
    await gotoHydrated(page, `/events/${event.id}`)
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Events' }).click()
    await expect(page).toHaveURL('/events')
  })

  test('a draft, a cancelled or an unknown event is "Event not found" with 404, and never listed', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 404')
    const draft = await givenEvent({ title: 'Draft Party', status: 'draft' })
    const cancelled = await givenEvent({ title: 'Cancelled Party', status: 'cancelled' })
    for (const path of [`/events/${draft.slug}`, `/events/${cancelled.id}`, '/events/no-such-event']) {
      const res = await page.goto(path)
      expect(res!.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible()
    }
    await gotoHydrated(page, '/events')
    await expect(card(page, draft.title)).toHaveCount(0)
    await expect(card(page, cancelled.title)).toHaveCount(0)
    expect((await (await page.request.get('/api/events/upcoming')).json()).map((e: EventRow) => e.id)).not.toContain(draft.id)
  })
})

test.describe('the event dialog', () => {
  test('sends an enquiry: missing fields first, then "Enquiry Sent!", and it is stored', async ({ page }) => {
    const event = await givenEvent({ title: 'Wine Evening', bookingType: 'enquiry' })
    await gotoHydrated(page, '/events')
    await card(page, event.title).getByRole('button', { name: 'Make Enquiry' }).click()
    const dialog = page.getByRole('dialog', { name: `Enquire: ${event.title}` })
    await expect(dialog).toContainText('7:30 PM')
    await expect(dialog.getByLabel('Party size')).toHaveValue('2')
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email')
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel')
    await dialog.getByLabel('Name').fill('Ella Enquirer')
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Missing InformationPlease fill in all required fields.')
    await expect(toastText(page, 'Missing Information')).toContainText('Please fill in all required fields.')
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    // Closed and opened again, it keeps what was typed but not the last attempt's messages.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await card(page, event.title).getByRole('button', { name: 'Make Enquiry' }).click()
    await expect(dialog.getByLabel('Name')).toHaveValue('Ella Enquirer')
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect(dialog.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true')
    const email = `ella-${Date.now()}@example.com`
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Phone').fill('07700 900 555')
    await dialog.getByLabel('Party size').selectOption({ label: '8 People' })
    await dialog.getByLabel('Special requests (optional)').fill('Two vegetarians')
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click()
    await expect(toastWith(page, 'Enquiry Sent!')).toContainText("We've received your enquiry and will be in touch within 24 hours with more details.")
    await expect(dialog).toBeHidden()
    // Opened again, the form is empty.
    await card(page, event.title).getByRole('button', { name: 'Make Enquiry' }).click()
    await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()

    const stored = await withServerDatabase(async (db) => (await db.query('select event_id, party_size, special_requests, status from event_enquiries where email = $1', [email])).rows)
    expect(stored).toEqual([{ event_id: event.id, party_size: 8, special_requests: 'Two vegetarians', status: 'pending' }])
  })

  test('without a connection a tap keeps the page, and the dialog that could not open says so and opens on Try again', async ({
    page,
    context,
    consoleErrors,
  }) => {
    consoleErrors.allow('Failed to fetch dynamically imported module', 'net::ERR_INTERNET_DISCONNECTED')
    const event = await givenEvent({ title: 'Cider Night', bookingType: 'enquiry' })
    await gotoHydrated(page, `/events/${event.slug}`)
    await context.setOffline(true)
    // The first tap asks for the toast viewport's code, which cannot come: the page stays.
    await page.getByRole('heading', { level: 1 }).click()
    await details(page).getByRole('button', { name: 'Make Enquiry' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'This did not open' })
    await expect(alert).toContainText('your phone may have lost its signal')
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible()
    await context.setOffline(false)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: `Enquire: ${event.title}` })).toBeVisible()
    await expect(alert).toHaveCount(0)
  })

  test('books a table for a table event at its own date and time: "Table Booked!"', async ({ page }) => {
    const event = await givenEvent({ title: 'Jazz Supper', capacity: 30 })
    await gotoHydrated(page, `/events/${event.slug}`)
    await details(page).getByRole('link', { name: 'Book Table' }).click()
    const dialog = page.getByRole('dialog', { name: `Book a table: ${event.title}` })
    const email = `jazz-${Date.now()}@example.com`
    await dialog.getByLabel('Name').fill('Tom Table')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Phone').fill('07700 900 666')
    await dialog.getByLabel('Party size').selectOption('4')
    await dialog.getByRole('button', { name: 'Book Table' }).click()
    await expect(toastWith(page, 'Table Booked!')).toContainText("Your table has been reserved. We'll send you a confirmation email shortly.")
    await expect(dialog).toBeHidden()
    await signInQuickly(page)
    const list = (await (await page.request.get(`/api/admin/reservations?date=${event.date}`)).json()) as { email: string; startTime: string; partySize: number; eventId: number; additionalInfo: string }[]
    expect(list.find((r) => r.email === email)).toMatchObject({ startTime: '19:30', partySize: 4, eventId: event.id, additionalInfo: `Event booking: ${event.title}.` })
  })

  test("a full event says so in 'Booking Failed' and keeps what was typed", async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 409')
    const event = await givenEvent({ title: 'Tiny Gig', capacity: 2 })
    await gotoHydrated(page, `/events/${event.slug}`)
    await details(page).getByRole('link', { name: 'Book Table' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('Too Many')
    await dialog.getByLabel('Email').fill(`full-${Date.now()}@example.com`)
    await dialog.getByLabel('Phone').fill('07700 900 777')
    await dialog.getByLabel('Party size').selectOption('3')
    await dialog.getByRole('button', { name: 'Book Table' }).click()
    const message = `Sorry, ${event.title} does not have room for 3 more guests.`
    await expect(toastText(page, 'Booking Failed')).toContainText(message)
    await expect(dialog.getByRole('alert')).toContainText(`Booking Failed${message}`)
    await expect(dialog.getByLabel('Name')).toHaveValue('Too Many')
  })
})
