import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { openSection, signInQuickly, staffApi } from './admin'
import { seriousViolations } from './axe'
import { withServerDatabase } from './db'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
type Made = { id: number; slug: string; title: string }

/** An event made through the staff API, with a title no other test uses. */
async function givenEvent(page: Page, over: Record<string, unknown> = {}): Promise<Made> {
  return staffApi(page, 'POST', '/api/admin/events', {
    description: 'Made by a browser test.',
    date: '2031-05-16',
    time: '19:30',
    ...over,
    title: `${over.title ?? 'E2E Event'} ${stamp()}`,
  }) as Promise<Made>
}
const removeEvent = (page: Page, id: number) => staffApi(page, 'DELETE', `/api/admin/events/${id}`).catch(() => undefined)
/**
 * A toast shown while a dialog is open: the modal hides the rest of the page from the
 * accessibility tree (aria-hidden), the notification region with it, so it is found there too.
 */
const toastBehindDialog = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/, includeHidden: true }).getByRole('listitem', { includeHidden: true }).filter({ hasText: text })
const eventCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true })

test.describe('Events Management', () => {
  test('staff create an event with the admin defaults, duplicate it as a copy, and delete the copy', async ({ page }) => {
    // A long flow (two dialogs, three confirms and an axe run): 20 s on a busy CI machine.
    test.slow()
    await signInQuickly(page)
    await openSection(page, 'events')
    const title = `Cheese and Cider Night ${stamp()}`
    await page.getByRole('button', { name: 'Create Event' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Event' })
    await expect(dialog.getByLabel('Event type')).toHaveValue('special_event')
    await expect(dialog.getByLabel('Status')).toHaveValue('published')
    await expect(dialog.getByLabel('Booking type')).toHaveValue('table')
    await expect(dialog.getByLabel('Venue')).toHaveValue('The Wheatsheaf Inn, Little Hadham')
    expect(await seriousViolations(page), 'Create Event dialog').toEqual([])

    // Required fields first: the form says what is missing.
    await dialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(dialog).toContainText('Title is required')
    await expect(dialog).toContainText('Description is required')

    await dialog.getByLabel('Title', { exact: true }).fill(title)
    await dialog.getByLabel('Full description').fill('Six cheeses, four ciders.\n\nTickets on the door.')
    await dialog.getByLabel('Short description').fill('Six cheeses and four local ciders.')
    await dialog.getByLabel('Date').fill('2031-03-14')
    await dialog.getByLabel('Start time').fill('19:30')
    await dialog.getByLabel('End time (optional)').fill('19:00')
    await dialog.getByLabel('Capacity (guests)').fill('30')
    await dialog.getByLabel('Tags').fill('cheese, cider')
    await dialog.getByRole('button', { name: 'Create Event' }).click()
    await expect(dialog).toContainText('End time must be after the start time')
    await dialog.getByLabel('End time (optional)').fill('22:00')
    await dialog.getByRole('button', { name: 'Create Event' }).click()
    await page.getByRole('alertdialog', { name: 'Create this event?' }).getByRole('button', { name: 'Create' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
    await expect(dialog).toBeHidden()

    const card = eventCard(page, title)
    await expect(card).toContainText('Friday, 14 March 2031')
    await expect(card).toContainText('7:30 PM – 10:00 PM')
    await expect(card).toContainText('Capacity: 30')
    await expect(card.getByTestId('guests-booked')).toContainText('0 / 30 guests booked')
    await expect(card).toContainText('Six cheeses and four local ciders.')
    await expect(card.getByRole('list', { name: 'Tags' })).toContainText('cider')
    await expect(card.getByText('Published')).toBeVisible()

    await card.getByRole('button', { name: `Duplicate ${title}` }).click()
    const copy = page.getByRole('dialog', { name: 'Duplicate Event' })
    await expect(copy.getByLabel('Title', { exact: true })).toHaveValue(`${title} (Copy)`)
    await expect(copy.getByLabel('Capacity (guests)')).toHaveValue('30')
    await copy.getByRole('button', { name: 'Create Event' }).click()
    await page.getByRole('alertdialog', { name: 'Create this event?' }).getByRole('button', { name: 'Create' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
    const copyCard = eventCard(page, `${title} (Copy)`)
    await expect(copyCard).toContainText('Friday, 14 March 2031')
    await expect(card).toBeVisible()

    // The copy is a new event with a slug of its own.
    const list = (await (await page.request.get('/api/admin/events')).json()) as Made[]
    const [original, duplicate] = [list.find((e) => e.title === title)!, list.find((e) => e.title === `${title} (Copy)`)!]
    expect(duplicate.id).not.toBe(original.id)
    expect(duplicate.slug).toBe(`${original.slug}-copy`)

    await copyCard.getByRole('button', { name: `Delete ${title} (Copy)` }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Delete event?' })
    await expect(prompt).toContainText('Are you sure you want to delete this event? This action cannot be undone.')
    await prompt.getByRole('button', { name: 'Delete' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Deleted successfully!')
    await expect(copyCard).toBeHidden()
    await expect(card).toBeVisible()
    await removeEvent(page, original.id)
  })

  test('editing the title keeps the slug; the card shows the guests booked of the capacity', async ({ page }) => {
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Folk Night', capacity: 20 })
    try {
      await withServerDatabase((db) =>
        db.query(
          `insert into reservations (name, email, phone, date, start_time, party_size, status, event_id)
           values ('A', 'a@example.com', '07700 900 001', '2031-05-16', '19:30', 4, 'confirmed', $1),
                  ('B', 'b@example.com', '07700 900 002', '2031-05-16', '19:30', 2, 'pending', $1),
                  ('C', 'c@example.com', '07700 900 003', '2031-05-16', '19:30', 8, 'cancelled', $1)`,
          [event.id],
        ),
      )
      await openSection(page, 'events')
      const card = eventCard(page, event.title)
      await expect(card.getByTestId('guests-booked')).toContainText('6 / 20 guests booked')

      await card.getByRole('button', { name: `Edit ${event.title}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Event' })
      await expect(dialog.getByLabel('Slug')).toHaveValue(event.slug)
      await dialog.getByLabel('Title', { exact: true }).fill(`${event.title} Unplugged`)
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByRole('alertdialog', { name: 'Save this event?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
      await expect(eventCard(page, `${event.title} Unplugged`)).toBeVisible()
      const after = (await (await page.request.get('/api/admin/events')).json()) as Made[]
      expect(after.find((e) => e.id === event.id)!.slug).toBe(event.slug)
    } finally {
      await withServerDatabase((db) => db.query('delete from reservations where event_id = $1', [event.id]))
      await removeEvent(page, event.id)
    }
  })

  test("the event's image and gallery upload through the shared control, with SPEC.md's messages", async ({ page, consoleErrors }) => {
    // Three uploads processed into image sizes: 15 s on a busy CI machine.
    test.slow()
    consoleErrors.allow('status of 415')
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Photo Night' })
    const png = async (name: string, colour: string) => ({
      name,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 320, height: 160, channels: 3, background: colour } }).png().toBuffer(),
    })
    try {
      await openSection(page, 'events')
      await eventCard(page, event.title).getByRole('button', { name: `Edit ${event.title}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Event' })

      await dialog.getByLabel('Upload event image').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
      await expect(toastBehindDialog(page, 'Upload Failed')).toContainText('Failed to upload image. Please try again.')
      await expect(dialog.getByText('Failed to upload image', { exact: true })).toBeVisible()

      await dialog.getByLabel('Upload event image').setInputFiles(await png('cheese.png', '#c08030'))
      await expect(toastBehindDialog(page, 'Image Uploaded')).toContainText('Successfully uploaded: cheese.png')
      await expect(dialog.getByLabel('Image address')).toHaveValue(/^\/uploads\//)

      await dialog.getByLabel('Upload gallery images').setInputFiles([await png('one.png', '#204020'), await png('two.png', '#402020')])
      await expect(toastBehindDialog(page, 'Gallery Images Uploaded')).toContainText('Successfully uploaded 2 image(s)')
      await expect(dialog.getByLabel('Gallery images', { exact: true })).toHaveValue(/^\/uploads\/\S+, \/uploads\/\S+$/)

      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByRole('alertdialog', { name: 'Save this event?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
      const image = eventCard(page, event.title).locator('img')
      await expect(image).toHaveAttribute('src', /^\/uploads\//)
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
      const saved = ((await (await page.request.get('/api/admin/events')).json()) as (Made & { gallery: string[] })[]).find((e) => e.id === event.id)!
      expect(saved.gallery).toHaveLength(2)
    } finally {
      await removeEvent(page, event.id)
    }
  })

  test("a draft staff save is not on the public site until it is published, at its slug", async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 404')
    const londonToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
    const date = new Date(Date.parse(`${londonToday}T12:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10)
    await signInQuickly(page)
    const draft = await givenEvent(page, { title: 'Secret Supper', status: 'draft', date })
    try {
      await gotoHydrated(page, '/events')
      await expect(page.getByRole('article', { name: draft.title })).toHaveCount(0)
      const hidden = await page.goto(`/events/${draft.slug}`)
      expect(hidden!.status()).toBe(404)
      await expect(page.getByText('Event not found')).toBeVisible()

      await openSection(page, 'events')
      await eventCard(page, draft.title).getByRole('button', { name: `Edit ${draft.title}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Event' })
      await dialog.getByLabel('Status').selectOption('published')
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByRole('alertdialog', { name: 'Save this event?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')

      const shown = await page.goto(`/events/${draft.slug}`)
      expect(shown!.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft.title)
    } finally {
      await removeEvent(page, draft.id)
    }
  })

  test('filters by month, status, event type and booking type, and clears them', async ({ page }) => {
    await signInQuickly(page)
    const draft = await givenEvent(page, { title: 'Draft Quiz', date: '2031-02-06', type: 'quiz_night', status: 'draft', bookingType: 'enquiry' })
    const other = await givenEvent(page, { title: 'Published Quiz', date: '2031-02-07', type: 'quiz_night', bookingType: 'table' })
    try {
      await openSection(page, 'events')
      const count = page.getByTestId('events-count')
      await expect(count).toHaveText(/^Showing (\d+) of \1 events$/)
      const total = Number((await count.textContent())!.match(/of (\d+)/)![1])

      await page.getByLabel('Month').selectOption({ label: 'February' })
      await page.getByLabel('Status').selectOption('draft')
      await page.getByLabel('Event type').selectOption('quiz_night')
      await page.getByLabel('Booking type').selectOption('enquiry-booking')
      await expect(eventCard(page, draft.title)).toBeVisible()
      await expect(eventCard(page, other.title)).toBeHidden()
      await expect(count).toHaveText(new RegExp(`^Showing \\d+ of ${total} events$`))
      for (const e of await page.getByRole('article').all()) await expect(e.getByText('Draft', { exact: true })).toBeVisible()

      await page.getByLabel('Booking type').selectOption('table-booking')
      await expect(page.getByText('No events found')).toBeVisible()
      await expect(page.getByText('Try adjusting your filters to see more events')).toBeVisible()
      await expect(count).toHaveText(`Showing 0 of ${total} events`)

      await page.getByRole('button', { name: 'Clear All Filters' }).click()
      await expect(page.getByLabel('Month')).toHaveValue('all')
      await expect(count).toHaveText(`Showing ${total} of ${total} events`)
      await expect(eventCard(page, draft.title)).toBeVisible()
      await expect(eventCard(page, other.title)).toBeVisible()
    } finally {
      await removeEvent(page, draft.id)
      await removeEvent(page, other.id)
    }
  })
})

/** Enquiries as the public form stores them (that form is built elsewhere), for an event, at given ages in days. */
async function givenEnquiries(event: Made, rows: { name: string; partySize: number; status: string; daysAgo?: number }[]) {
  return withServerDatabase(async (db) => {
    const ids: number[] = []
    for (const r of rows) {
      const { rows: inserted } = await db.query<{ id: number }>(
        `insert into event_enquiries (event_id, event_title, event_date, event_time, name, email, phone, party_size, special_requests, status, created_at)
         values ($1, $2, '2031-05-16', '19:30', $3, $4, '07700 900 555', $5, 'Near the fire, please', $6, now() - make_interval(days => $7)) returning id`,
        [event.id, event.title, r.name, `${r.name.replace(/\W/g, '').toLowerCase()}@example.com`, r.partySize, r.status, r.daysAgo ?? 0],
      )
      ids.push(inserted[0]!.id)
    }
    return ids
  })
}
const enquiryCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true })
/** An enquiry's status and version as stored (each change moves the version on). */
const storedEnquiry = async (id: number) =>
  (await withServerDatabase((db) => db.query<{ status: string; version: number }>('select status, version from event_enquiries where id = $1', [id]))).rows[0]!
/** An enquiry's status as stored. */
const storedStatus = async (id: number) => (await storedEnquiry(id)).status
/**
 * The page reloading itself, as the browser's own button does: it raises `beforeunload`, which Playwright's
 * page.reload() does not. Its promise is left (a reload the page stays through resolves; one that goes, rejects).
 */
const reloadFromThePage = (page: Page) => void page.evaluate(() => window.location.reload()).catch(() => undefined)
/** A promise and its resolve (Promise.withResolvers is Node 22's). */
function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

test.describe('Event Enquiries', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test("staff change an enquiry's status (it stays changed), copy the table summary, view and delete one", async ({ page }) => {
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Wine Tasting', bookingType: 'enquiry' })
    const s = stamp()
    const [ann, bob, cat] = [`Ann ${s}`, `Bob ${s}`, `Cat ${s}`]
    const ids = await givenEnquiries(event, [
      { name: ann, partySize: 4, status: 'pending' },
      { name: bob, partySize: 3, status: 'confirmed', daysAgo: 1 },
      { name: cat, partySize: 6, status: 'cancelled', daysAgo: 2 },
    ])
    const bobAtFirst = await storedEnquiry(ids[1]!)
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const counts = page.getByTestId('enquiry-counts')
      await expect(counts).toContainText('Total enquiries3')
      await expect(counts).toContainText('Confirmed1')
      // Sorted by status: pending, contacted, confirmed, cancelled.
      await expect(page.getByRole('article').getByRole('heading')).toHaveText([ann, bob, cat])

      await enquiryCard(page, ann).getByLabel(`Status of ${ann}'s enquiry`).selectOption('confirmed')
      await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
      await expect(counts).toContainText('Confirmed2')
      // A card whose status changes stays where it was, so the next click does not land on another guest
      // (sorted afresh, Bob contacted would come first); the sort applies again when the panel is opened again.
      const bobStatus = enquiryCard(page, bob).getByLabel(`Status of ${bob}'s enquiry`)
      await bobStatus.selectOption('contacted')
      await expect(bobStatus).toHaveValue('contacted')
      await expect(counts).toContainText('Confirmed1')
      await expect(page.getByRole('article').getByRole('heading')).toHaveText([ann, bob, cat])
      await bobStatus.selectOption('confirmed')
      await expect(counts).toContainText('Confirmed2')
      // The counts move at once; the change is saved a moment later (after 'contacted', one at a time). Opened again
      // before both saves land, the page drops the second and Bob stays 'contacted'. Bob was 'confirmed' before
      // either, so his status alone cannot say they have landed (CI runs copied 'Tables: 1' below when the reload
      // came first): wait for two changes of his row, the last to 'confirmed'.
      await expect.poll(() => storedEnquiry(ids[1]!)).toEqual({ status: 'confirmed', version: bobAtFirst.version + 2 })

      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      await expect(enquiryCard(page, ann).getByLabel(`Status of ${ann}'s enquiry`)).toHaveValue('confirmed')
      await expect(enquiryCard(page, bob).getByLabel(`Status of ${bob}'s enquiry`)).toHaveValue('confirmed')
      await expect(counts).toContainText('Confirmed2')
      expect(await storedStatus(ids[0]!)).toBe('confirmed')

      await page.getByRole('button', { name: 'Copy Table Summary' }).click()
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible()
      const summary = await page.evaluate(() => navigator.clipboard.readText())
      expect(summary).toContain(`Table summary: ${event.title}`)
      expect(summary).toContain('Tables: 2')
      expect(summary).toContain('Guests: 7')
      expect(summary).not.toContain(cat)

      await enquiryCard(page, bob).getByRole('button', { name: `View details of ${bob}'s enquiry` }).click()
      const details = page.getByRole('dialog', { name: `Enquiry from ${bob}` })
      await expect(details).toContainText('07700 900 555')
      await expect(details).toContainText('Near the fire, please')
      await expect(details).toContainText('Friday, 16 May 2031 at 7:30 PM')
      await details.getByRole('button', { name: 'Close' }).click()

      let asked = ''
      page.once('dialog', (dialog) => {
        asked = dialog.message()
        void dialog.accept()
      })
      await enquiryCard(page, cat).getByRole('button', { name: `Delete ${cat}'s enquiry` }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Deleted successfully!')
      expect(asked).toBe('Are you sure you want to delete this enquiry?')
      await expect(enquiryCard(page, cat)).toBeHidden()
      await expect(counts).toContainText('Total enquiries2')
      // Cat's card was the last: focus goes to the same button on the card before it, not to the page.
      await expect(enquiryCard(page, bob).getByRole('button', { name: `Delete ${bob}'s enquiry` })).toBeFocused()
    } finally {
      await withServerDatabase((db) => db.query('delete from event_enquiries where id = any($1)', [ids]))
      await removeEvent(page, event.id)
    }
  })

  test('a status picked twice while the first is saving stays on the second pick until both are saved', async ({ page }) => {
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Cider Tasting', bookingType: 'enquiry' })
    const bob = `Bob ${stamp()}`
    const ids = await givenEnquiries(event, [{ name: bob, partySize: 3, status: 'pending' }])
    // Each save of Bob's status is held until the test lets it through, so the two picks overlap every time.
    const held = [deferred(), deferred()]
    const arrived = [deferred(), deferred()]
    let saves = 0
    await page.route(`**/api/admin/event-enquiries/${ids[0]}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback()
      const n = saves++
      arrived[n]?.resolve()
      await held[n]?.promise
      await route.fallback()
    })
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const counts = page.getByTestId('enquiry-counts')
      const status = enquiryCard(page, bob).getByLabel(`Status of ${bob}'s enquiry`)
      await status.selectOption('contacted')
      await arrived[0]!.promise
      await status.selectOption('confirmed')
      await expect(counts).toContainText('Confirmed1')

      // The first save lands; the second goes only after it (one at a time), and is held. A refetch of the
      // list now would read 'contacted' from the server and show it: the screen keeps the last pick.
      held[0]!.resolve()
      await arrived[1]!.promise
      // Read once, a moment later (no retrying): a refetch that read 'contacted' has landed by now if one was made.
      await page.waitForTimeout(500)
      expect(await status.inputValue()).toBe('confirmed')
      await expect(counts).toContainText('Confirmed1')

      held[1]!.resolve()
      await expect.poll(() => storedStatus(ids[0]!)).toBe('confirmed')
      await expect(status).toHaveValue('confirmed')
      await expect(counts).toContainText('Confirmed1')
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await withServerDatabase((db) => db.query('delete from event_enquiries where id = any($1)', [ids]))
      await removeEvent(page, event.id)
    }
  })

  test('leaving the back-office while a status is saving asks first; another panel does not drop the save', async ({ page }) => {
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Gin Tasting', bookingType: 'enquiry' })
    const bob = `Bob ${stamp()}`
    const ids = await givenEnquiries(event, [{ name: bob, partySize: 3, status: 'pending' }])
    const held = deferred()
    const arrived = deferred()
    await page.route(`**/api/admin/event-enquiries/${ids[0]}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback()
      arrived.resolve()
      await held.promise
      await route.fallback()
    })
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const status = enquiryCard(page, bob).getByLabel(`Status of ${bob}'s enquiry`)
      // The browser asks only on a page staff have used (a click; selectOption alone is not one).
      await enquiryCard(page, bob).getByRole('heading').click()
      await status.selectOption('confirmed')
      await arrived.promise

      // Leaving now would cut the save off: the browser asks, and staying keeps the page and the pick.
      const asked = page.waitForEvent('dialog')
      reloadFromThePage(page)
      const dialog = await asked
      expect(dialog.type()).toBe('beforeunload')
      await dialog.dismiss()
      await expect(status).toHaveValue('confirmed')

      // Another panel is not leaving: the save goes on while it shows.
      await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Events Management' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible()
      expect(await storedStatus(ids[0]!)).toBe('pending')
      held.resolve()
      await expect.poll(() => storedStatus(ids[0]!)).toBe('confirmed')

      // Nothing left to save: the page's own reload goes without a question.
      let askedAgain = false
      page.on('dialog', (d) => {
        askedAgain = true
        void d.accept()
      })
      await expect(page.locator('html[data-saving]')).toHaveCount(0)
      const reloaded = page.waitForEvent('load')
      reloadFromThePage(page)
      await reloaded
      await expect(page.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible()
      expect(askedAgain).toBe(false)
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await withServerDatabase((db) => db.query('delete from event_enquiries where id = any($1)', [ids]))
      await removeEvent(page, event.id)
    }
  })

  test("a guest's enquiry from /events reaches Event Enquiries, where staff confirm it and copy the summary", async ({ page }) => {
    const londonToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
    const date = new Date(Date.parse(`${londonToday}T12:00:00Z`) + 12 * 86_400_000).toISOString().slice(0, 10)
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Gin Tasting', bookingType: 'enquiry', date, time: '19:00', endTime: '21:30' })
    const guest = `Gina ${stamp()}`
    try {
      await gotoHydrated(page, '/events')
      await page.getByRole('article', { name: event.title }).getByRole('button', { name: 'Make Enquiry' }).click()
      const form = page.getByRole('dialog')
      await form.getByLabel('Name').fill(guest)
      await form.getByLabel('Email').fill(`gina-${Date.now()}@example.com`)
      await form.getByLabel('Phone').fill('07700 900 888')
      await form.getByLabel('Party size').selectOption({ label: '8 People' })
      await form.getByRole('button', { name: 'Send Enquiry' }).click()
      await expect(toastWith(page, 'Enquiry Sent!')).toContainText("We've received your enquiry and will be in touch within 24 hours with more details.")

      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const card = enquiryCard(page, guest)
      await expect(card).toContainText('8 guests')
      await expect(card.locator('[data-status]')).toHaveText('Pending')
      await card.getByLabel(`Status of ${guest}'s enquiry`).selectOption('confirmed')
      await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
      await page.getByRole('button', { name: 'Copy Table Summary' }).click()
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible()
      const summary = await page.evaluate(() => navigator.clipboard.readText())
      expect(summary).toContain('Tables: 1\nGuests: 8')
      expect(summary).toContain(guest)
    } finally {
      await withServerDatabase((db) => db.query('delete from event_enquiries where event_id = $1', [event.id]))
      await removeEvent(page, event.id)
    }
  })

  test('filters by status and date submitted, and sorts newest or oldest first', async ({ page }) => {
    await signInQuickly(page)
    const event = await givenEvent(page, { title: 'Burns Night', bookingType: 'enquiry' })
    const s = stamp()
    const [today, lastWeek, lastMonth] = [`Today ${s}`, `Five Days ${s}`, `Twenty Days ${s}`]
    const ids = await givenEnquiries(event, [
      { name: lastWeek, partySize: 2, status: 'contacted', daysAgo: 5 },
      { name: today, partySize: 2, status: 'pending' },
      { name: lastMonth, partySize: 2, status: 'pending', daysAgo: 20 },
    ])
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const names = page.getByRole('article').getByRole('heading')
      await page.getByLabel('Sort by').selectOption('newest')
      await expect(names).toHaveText([today, lastWeek, lastMonth])
      await page.getByLabel('Sort by').selectOption('oldest')
      await expect(names).toHaveText([lastMonth, lastWeek, today])

      await page.getByLabel('Date submitted').selectOption('today')
      await expect(names).toHaveText([today])
      await page.getByLabel('Date submitted').selectOption('week')
      await expect(names).toHaveText([lastWeek, today])
      await page.getByLabel('Date submitted').selectOption('month')
      await expect(names).toHaveText([lastMonth, lastWeek, today])

      await page.getByLabel('Status', { exact: true }).selectOption('contacted')
      await expect(names).toHaveText([lastWeek])
      await page.getByLabel('Status', { exact: true }).selectOption('confirmed')
      await expect(page.getByText('No enquiries found')).toBeVisible()
    } finally {
      await withServerDatabase((db) => db.query('delete from event_enquiries where id = any($1)', [ids]))
      await removeEvent(page, event.id)
    }
  })
})
