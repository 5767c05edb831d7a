/**
 * Enquiries staff can work (issue 36, item 8): notes on an enquiry that stay,
 * the sidebar's count of new ones (a new enquiry shows at once, through the
 * live channel), and 'Make a booking' with All
 * Reservations' New Booking form filled from the enquiry, at 1280 px and on a phone.
 */
import type { Page } from '@playwright/test'
import { openSection, signInQuickly, staffApi } from './admin'
import { seriousViolations } from './axe'
import { withServerDatabase } from './db'
import { expect, test, toastWith } from './fixtures'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
// A Friday evening no other test books (the covers of a busy date would ask for 'Save anyway').
const DATE = '2031-07-11'
type Made = { id: number; title: string }

async function givenEvent(page: Page): Promise<Made> {
  return staffApi(page, 'POST', '/api/admin/events', {
    title: `Cider Supper ${stamp()}`,
    description: 'Made by a browser test.',
    date: DATE,
    time: '19:00',
    bookingType: 'enquiry',
  }) as Promise<Made>
}

/** A guest's enquiry as the public form stores it (its date and time in words). */
async function givenEnquiry(event: Made, name: string, partySize: number): Promise<number> {
  return withServerDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into event_enquiries (event_id, event_title, event_date, event_time, name, email, phone, party_size, special_requests)
       values ($1, $2, 'Friday 11th July', '7:00 PM', $3, $4, '07700 900 777', $5, 'A high chair, please') returning id`,
      [event.id, event.title, name, `${name.replace(/\W/g, '').toLowerCase()}@example.com`, partySize],
    )
    return rows[0]!.id
  })
}

const pendingInDatabase = () => withServerDatabase(async (db) => (await db.query<{ n: number }>(`select count(*)::int as n from event_enquiries where status = 'pending'`)).rows[0]!.n)
const enquiryCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true })
const sidebarLink = (page: Page) => page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: /^Event Enquiries/ })

async function cleanUp(page: Page, event: Made | undefined, ids: number[]) {
  await withServerDatabase(async (db) => {
    const { rows } = await db.query<{ r: number | null }>('select reservation_id as r from event_enquiries where id = any($1)', [ids])
    await db.query('delete from event_enquiries where id = any($1)', [ids])
    await db.query('delete from reservations where id = any($1)', [rows.map((row) => row.r).filter(Boolean)])
  })
  if (event) await staffApi(page, 'DELETE', `/api/admin/events/${event.id}`).catch(() => undefined)
}

test.describe('Event Enquiries staff can work', () => {
  test('a note stays after reload; the sidebar count drops when the enquiry is marked contacted; Make a booking links the booking', async ({ page }) => {
    test.slow()
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInQuickly(page)
    const event = await givenEvent(page)
    const dan = `Dan ${stamp()}`
    const ids = [await givenEnquiry(event, dan, 4)]
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const card = enquiryCard(page, dan)

      // The count of new enquiries beside the section, heard as 'N new'.
      await expect.poll(async () => (await sidebarLink(page).textContent())?.replace(/\s+/g, ' ')).toBe(`Event Enquiries${await pendingInDatabase()} new`)
      await expect(sidebarLink(page)).toHaveAccessibleName(/^Event Enquiries\s*\d+ new$/)

      // Another guest asks while the panel is open: the card and the count follow through the live channel, with
      // no reload and well inside the half minute the screen used to wait between asking again.
      const ann = `Ann ${stamp()}`
      const askedAt = performance.now()
      ids.push(await givenEnquiry(event, ann, 6))
      await expect(enquiryCard(page, ann)).toBeVisible({ timeout: 5_000 })
      console.log(`A new enquiry showed on the open Event Enquiries panel ${Math.round(performance.now() - askedAt)} ms after it was stored`)
      await expect.poll(async () => (await sidebarLink(page).textContent())?.replace(/\s+/g, ' '), { timeout: 5_000 }).toBe(`Event Enquiries${await pendingInDatabase()} new`)

      // A note: too long first (the message, nothing saved), then one that fits, which stays after a reload.
      await card.getByRole('button', { name: `Add note to ${dan}'s enquiry` }).click()
      const notes = card.getByRole('textbox', { name: `Notes on ${dan}'s enquiry` })
      await expect(notes).toBeFocused()
      await notes.fill('x'.repeat(2001))
      await card.getByRole('button', { name: 'Save notes' }).click()
      await expect(card.getByText('Notes must be 2,000 characters or fewer')).toBeVisible()
      await expect(notes).toHaveAttribute('aria-invalid', 'true')
      await notes.fill('Rang back at 12:10.\nWants the table by the fire.')
      await card.getByRole('button', { name: 'Save notes' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      await expect(card.getByRole('button', { name: `Edit notes on ${dan}'s enquiry` })).toBeFocused()
      expect(await seriousViolations(page), 'Event Enquiries with notes').toEqual([])
      await page.screenshot({ path: 'test-results/enquiry-notes-1280.png', fullPage: true })

      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      await expect(card.getByTestId(`enquiry-${ids[0]}-notes-text`)).toHaveText('Rang back at 12:10.\nWants the table by the fire.')

      // Marked contacted: the sidebar's count follows at once (no reload).
      const before = await pendingInDatabase()
      await card.getByLabel(`Status of ${dan}'s enquiry`).selectOption('contacted')
      await expect(toastWith(page, 'Success!').last()).toContainText('Updated successfully!')
      const after = await pendingInDatabase()
      expect(after).toBeLessThan(before)
      await expect.poll(async () => (await sidebarLink(page).textContent())?.replace(/\s+/g, ' ')).toBe(after > 0 ? `Event Enquiries${after} new` : 'Event Enquiries')

      // Make a booking: All Reservations' New Booking form, filled from the enquiry.
      await card.getByRole('button', { name: `Make a booking for ${dan}'s enquiry` }).click()
      const dialog = page.getByRole('dialog', { name: 'New Booking' })
      await expect(dialog.getByLabel('Name')).toHaveValue(dan)
      await expect(dialog.getByLabel('Email')).toHaveValue(`${dan.replace(/\W/g, '').toLowerCase()}@example.com`)
      await expect(dialog.getByLabel('Phone')).toHaveValue('07700 900 777')
      await expect(dialog.getByLabel('Party Size')).toHaveValue('4')
      await expect(dialog.getByLabel('Date')).toHaveValue(DATE)
      await expect(dialog.getByLabel('Time')).toHaveValue('19:00')
      await expect(dialog.getByLabel('Status')).toHaveValue('confirmed')
      await expect(dialog.getByLabel('Additional Information')).toHaveValue(`From event enquiry #${ids[0]}: ${event.title}\nRequests: A high chair, please`)
      expect(await seriousViolations(page), 'New Booking from an enquiry').toEqual([])
      await page.screenshot({ path: 'test-results/enquiry-booking-1280.png' })
      await dialog.getByRole('button', { name: 'Add Booking' }).click()
      await page.getByRole('alertdialog', { name: 'Add this booking?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Saved successfully!')).toBeVisible()
      await expect(dialog).toBeHidden()

      // The enquiry shows its booking, confirmed, and offers no second one.
      await expect(card.getByRole('button', { name: /^Booked: 11 Jul 2031, 7:00 PM/ })).toBeVisible()
      await expect(card.getByRole('button', { name: `Make a booking for ${dan}'s enquiry` })).toHaveCount(0)
      await expect(card.getByLabel(`Status of ${dan}'s enquiry`)).toHaveValue('confirmed')
      await card.screenshot({ path: 'test-results/enquiry-booked-1280.png' })
      const stored = await withServerDatabase(async (db) =>
        (await db.query<{ status: string; name: string; party_size: number; additional_info: string }>(
          'select e.status, r.name, r.party_size, r.additional_info from event_enquiries e join reservations r on r.id = e.reservation_id where e.id = $1',
          [ids[0]],
        )).rows[0],
      )
      expect(stored).toMatchObject({ status: 'confirmed', name: dan, party_size: 4 })
      // It opens the booking.
      await card.getByRole('button', { name: /^Booked:/ }).click()
      const details = page.getByRole('dialog', { name: dan })
      await expect(details).toContainText('Friday, 11 July 2031')
      await expect(details).toContainText(`From event enquiry #${ids[0]}`)
      await details.getByRole('button', { name: 'Close' }).click()
      expect(await seriousViolations(page), 'Event Enquiries with a booked enquiry').toEqual([])
    } finally {
      await cleanUp(page, event, ids)
    }
  })

  test("a note saved after someone else changed the enquiry says who and when, shows theirs, and Save again keeps it", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInQuickly(page)
    const event = await givenEvent(page)
    const fay = `Fay ${stamp()}`
    const ids = [await givenEnquiry(event, fay, 3)]
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const card = enquiryCard(page, fay)
      await card.getByRole('button', { name: `Add note to ${fay}'s enquiry` }).click()
      await card.getByRole('textbox', { name: `Notes on ${fay}'s enquiry` }).fill('Mine: wants the snug.')
      // Meanwhile a colleague writes a note of their own (version 1 to 2).
      await staffApi(page, 'PATCH', `/api/admin/event-enquiries/${ids[0]}`, { notes: 'Theirs: left a voicemail.', version: 1 })
      await card.getByRole('button', { name: 'Save notes' }).click()
      const alert = card.getByRole('alert')
      await expect(alert).toContainText(/This enquiry was changed by e2e-admin at \d\d:\d\d while you were editing\. Save again to keep your notes\./)
      await expect(alert).toContainText('Their notes: Theirs: left a voicemail.')
      await expect(alert).toBeFocused()
      // The refused save: the browser logs its 409.
      consoleErrors.allow('status of 409')
      await card.getByRole('button', { name: 'Save notes' }).click()
      await expect(card.getByTestId(`enquiry-${ids[0]}-notes-text`)).toHaveText('Mine: wants the snug.')
      const stored = await withServerDatabase(async (db) => (await db.query<{ notes: string; version: number }>('select notes, version from event_enquiries where id = $1', [ids[0]])).rows[0])
      expect(stored).toEqual({ notes: 'Mine: wants the snug.', version: 3 })
    } finally {
      await cleanUp(page, event, ids)
    }
  })

  test('on a phone (390 px): the note editor and the New Booking dialog from an enquiry are usable, and Save books it', async ({ page }) => {
    test.slow()
    await page.setViewportSize({ width: 390, height: 844 })
    await signInQuickly(page)
    const event = await givenEvent(page)
    const eve = `Eve ${stamp()}`
    const ids = [await givenEnquiry(event, eve, 2)]
    try {
      await openSection(page, 'enquiries')
      await page.getByLabel('Event', { exact: true }).selectOption(event.title)
      const card = enquiryCard(page, eve)
      await card.getByRole('button', { name: `Add note to ${eve}'s enquiry` }).click()
      await card.getByRole('textbox', { name: `Notes on ${eve}'s enquiry` }).fill('Call after 5.')
      await card.getByRole('button', { name: 'Save notes' }).click()
      await expect(card.getByTestId(`enquiry-${ids[0]}-notes-text`)).toHaveText('Call after 5.')
      // The sidebar's row of sections scrolls on its own; with the count of new enquiries in it, the page does not.
      await expect(page.getByRole('link', { name: /Event Enquiries \d+ new/ })).toBeAttached()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the page scrolls sideways').toBeLessThanOrEqual(0)
      expect(await seriousViolations(page), 'Event Enquiries at 390 px').toEqual([])
      await page.screenshot({ path: 'test-results/enquiry-notes-390.png', fullPage: true })

      await card.getByRole('button', { name: `Make a booking for ${eve}'s enquiry` }).click()
      const dialog = page.getByRole('dialog', { name: 'New Booking' })
      await expect(dialog.getByLabel('Name')).toHaveValue(eve)
      // The dialog fits the phone's width, and its Save is reached by scrolling within it.
      const box = await dialog.boundingBox()
      expect(box!.width).toBeLessThanOrEqual(390)
      expect(await seriousViolations(page), 'New Booking from an enquiry at 390 px').toEqual([])
      await page.screenshot({ path: 'test-results/enquiry-booking-390.png' })
      const save = dialog.getByRole('button', { name: 'Add Booking' })
      await save.scrollIntoViewIfNeeded()
      await expect(save).toBeInViewport()
      await save.click()
      await page.getByRole('alertdialog', { name: 'Add this booking?' }).getByRole('button', { name: 'Save' }).click()
      await expect(dialog).toBeHidden()
      await expect(card.getByRole('button', { name: /^Booked: 11 Jul 2031, 7:00 PM/ })).toBeVisible()
      const linked = await withServerDatabase(async (db) => (await db.query<{ r: number | null }>('select reservation_id as r from event_enquiries where id = $1', [ids[0]])).rows[0]!.r)
      expect(linked).not.toBeNull()
    } finally {
      await cleanUp(page, event, ids)
    }
  })
})
