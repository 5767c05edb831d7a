import type { Browser, Locator, Page } from '@playwright/test'
import { card, openSection, signInQuickly, staffApi, staffBooking } from './admin'
import { atFixedTime, expect, gotoHydrated, test, toastWith } from './fixtures'

/**
 * Issue 36, item 6: on a phone, the message a back-office form shows after
 * Save (a conflict, a refusal, an error) is scrolled into view and focused,
 * for every form dialog, so Save never seems to do nothing. Each save below
 * fails on the server for real: a capacity conflict, a date or name taken,
 * or a role lowered while its page is open, so that the page still offers a
 * change the role may no longer make.
 */
const PHONE = { width: 390, height: 700 }
test.use({ viewport: PHONE })

/**
 * Signs in a new manager on a phone at `section`, then has the owner make them staff: their page, read as a
 * manager's, still offers the forms (a role applies from its next request), and the server refuses each save.
 * Staff who sign in as staff are not offered those forms at all (staff-accounts.spec.ts).
 */
async function signInAsManagerMadeStaff(owner: Page, browser: Browser, section: string): Promise<Page> {
  const account = { username: `phone-reader-${Date.now().toString(36)}`, password: 'phone-reader-password-1' }
  const { id } = (await staffApi(owner, 'POST', '/api/admin/users', { ...account, firstName: 'Phone', lastName: 'Reader', role: 'manager' })) as { id: number }
  const page = await browser.newPage({ viewport: PHONE })
  const res = await page.request.post('/api/login', { data: account, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(res.status()).toBe(200)
  await gotoHydrated(page, `/admin?section=${section}`)
  await expect(page.getByTestId('signed-in-as')).toContainText('Manager')
  await staffApi(owner, 'PATCH', `/api/admin/users/${id}`, { role: 'staff' })
  return page
}

/** Saves a form (and confirms, where the form asks first), then checks the server's message is on screen, focused, and says `text`. */
async function saveAndSeeMessage(page: Page, scope: Locator, submit: string, text: string | RegExp, { confirm = true } = {}) {
  await scope.getByRole('button', { name: submit, exact: true }).click()
  if (confirm) {
    const prompt = page.getByRole('alertdialog')
    await prompt.getByRole('button').last().click()
    await expect(prompt).toBeHidden()
  }
  const message = scope.locator('[data-form-error]')
  await expect(message).toContainText(text)
  await expect(message).toBeInViewport()
  await expect(message).toBeFocused()
  return message
}

const FORBIDDEN = 'You do not have permission to do that.'

test.describe('Back-office form dialogs on a phone: the message after Save is in view and focused', () => {
  test('a dialog opens where it then stays: it never jumps when its animation ends', async ({ page }) => {
    await signInQuickly(page)
    await openSection(page, 'reservations')
    // Where the dialog is drawn on every frame from the moment it is added until it has settled.
    await page.evaluate(() => {
      const w = window as unknown as { dialogBoxes: { ms: number; x: number; y: number }[] }
      w.dialogBoxes = []
      new MutationObserver((_, observer) => {
        const dialog = document.querySelector('[role="dialog"]')
        if (!dialog) return
        observer.disconnect()
        const start = performance.now()
        const frame = () => {
          const box = dialog.getBoundingClientRect()
          w.dialogBoxes.push({ ms: Math.round(performance.now() - start), x: Math.round(box.x), y: Math.round(box.y) })
          if (performance.now() - start < 500) requestAnimationFrame(frame)
        }
        frame()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByRole('button', { name: 'New Booking' }).click()
    await expect(page.getByRole('dialog', { name: 'New Booking' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => (window as unknown as { dialogBoxes: { ms: number }[] }).dialogBoxes.at(-1)?.ms ?? 0)).toBeGreaterThanOrEqual(500)
    const boxes = await page.evaluate(() => (window as unknown as { dialogBoxes: { ms: number; x: number; y: number }[] }).dialogBoxes)
    const settled = boxes.at(-1)!
    expect(settled.x).toBeGreaterThanOrEqual(0)
    // It grows into place from a few pixels off: never from half its size away (a click while it moved landed elsewhere).
    expect(boxes.filter((b) => Math.abs(b.x - settled.x) > 12 || Math.abs(b.y - settled.y) > 24)).toEqual([])
  })

  test('New Booking over capacity: the conflict is in view and Save anyway is reachable', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 409')
    const at = '2033-05-02T10:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    // Friday 6 May 2033, 19:00: 60 of 60 covers taken (forced phone bookings).
    for (let i = 0; i < 3; i++) await staffBooking(page, { name: 'Full House', date: '2033-05-06', startTime: '19:00', partySize: 20 }, at)
    await openSection(page, 'reservations')
    await page.getByRole('button', { name: 'New Booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Booking' })
    const name = `Squeeze In ${Date.now().toString(36)}`
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Email').fill('squeeze@example.com')
    await dialog.getByLabel('Phone').fill('07700 900 555')
    await dialog.getByLabel('Date').fill('2033-05-06')
    await dialog.getByLabel('Time').fill('19:00')
    await dialog.getByLabel('Party Size').fill('2')
    const message = await saveAndSeeMessage(page, dialog, 'Add Booking', /^Over capacity at 7:00 PM on Friday, 06 May 2033/)
    await page.screenshot({ path: 'test-results/dialog-conflict-390.png' })
    // Why guests are not offered it online follows, and does not say the refusal's words a second time.
    const refusal = (await message.locator('p').first().innerText()).trim()
    const why = message.getByTestId('online-explanation')
    await expect(why).toBeVisible()
    expect(await why.innerText()).not.toContain(refusal)
    // The next Tab from the message is its Save anyway.
    await page.keyboard.press('Tab')
    const anyway = message.getByRole('button', { name: 'Save anyway' })
    await expect(anyway).toBeFocused()
    await anyway.click()
    await page.getByRole('alertdialog', { name: 'Book anyway?' }).getByRole('button', { name: 'Save anyway' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await page.getByLabel('Date', { exact: true }).fill('2033-05-06')
    await expect(card(page, name)).toContainText('Confirmed')
  })

  test('Hour exception on a date that has one: the refusal is in view and focused', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 409')
    await signInQuickly(page)
    const date = '2033-06-15'
    const made = (await staffApi(page, 'POST', '/api/admin/hour-exceptions', { date, isClosed: true, reason: 'Private party' })) as { id: number }
    try {
      await openSection(page, 'hours')
      await page.getByRole('tab', { name: 'Hour Exceptions' }).click()
      await page.getByRole('button', { name: 'Add Exception' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Exception' })
      await dialog.getByLabel('Date').fill(date)
      await dialog.getByLabel('Reason').fill('Wedding')
      await saveAndSeeMessage(page, dialog, 'Add Exception', 'There is already an exception on Wednesday, 15 June 2033: edit that one instead.')
    } finally {
      await staffApi(page, 'DELETE', `/api/admin/hour-exceptions/${made.id}`)
    }
  })

  test('Email template with a key in use: the refusal is in view and focused', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 409')
    await signInQuickly(page)
    await openSection(page, 'email-templates')
    await page.getByRole('button', { name: 'Create Template' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('A second confirmation')
    await dialog.getByLabel('Template key').fill('booking_confirmed')
    await dialog.getByLabel('Subject').fill('See you soon')
    await dialog.getByLabel('Text content').fill('Dear {{customerName}}, see you on {{date}}.')
    await saveAndSeeMessage(page, dialog, 'Create Template', 'There is already a template with the key booking_confirmed.')
  })

  test('Staff account with a username in use: the refusal is in view and focused', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 409')
    await signInQuickly(page)
    await openSection(page, 'staff')
    await page.getByRole('button', { name: 'Add Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Account' })
    await dialog.getByLabel('Username').fill('e2e-admin')
    await dialog.getByLabel('First name').fill('Second')
    await dialog.getByLabel('Last name').fill('Admin')
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`second-admin-${Date.now()}@example.com`)
    await dialog.getByLabel('Set a first password now').click()
    await dialog.getByRole('textbox', { name: 'First password' }).fill('a-long-first-password-42')
    await saveAndSeeMessage(page, dialog, 'Create Account', /username/i)
  })

  test('a manager made staff while their page is open: events, menus, slides, cocktails and settings each show the refusal in view and focused', async ({ page, browser, consoleErrors }) => {
    test.slow()
    consoleErrors.allow('status of 403')
    await signInQuickly(page)
    const tag = Date.now().toString(36)
    const event = (await staffApi(page, 'POST', '/api/admin/events', {
      title: `Phone Quiz ${tag}`,
      description: 'Six rounds.',
      date: '2033-07-01',
      time: '19:30',
      endTime: '22:00',
      type: 'quiz_night',
      capacity: 40,
      tags: ['quiz'],
      status: 'draft',
      bookingType: 'table',
    })) as { id: number; title: string }
    // One section per category: the seeded ones are edited, not added to.
    const menu = ((await (await page.request.get('/api/admin/menu-sections')).json()) as { id: number; name: string }[])[0]!
    const slide = (await staffApi(page, 'POST', '/api/admin/hero-slides', {
      title: `Phone Slide ${tag}`,
      subtitle: 'Subtitle',
      description: 'Description',
      image: '/images/venue-bar-960.webp',
      buttons: [{ text: 'View Menu', link: '/menu' }],
      order: 99,
      isActive: false,
    })) as { id: number; title: string }
    const reader = await signInAsManagerMadeStaff(page, browser, 'events')
    try {
      const cases: { section: string; open: (p: Page) => Promise<Locator>; submit: string }[] = [
        {
          section: 'Events Management',
          open: async (p) => {
            await p.getByRole('button', { name: `Edit ${event.title}` }).click()
            return p.getByRole('dialog', { name: 'Edit Event' })
          },
          submit: 'Save Changes',
        },
        {
          section: 'PDF Menus',
          open: async (p) => {
            await p.getByRole('button', { name: `Edit ${menu.name}` }).click()
            return p.getByRole('dialog', { name: 'Edit Menu Section' })
          },
          submit: 'Save Changes',
        },
        {
          section: 'Hero Slides',
          open: async (p) => {
            await p.getByRole('button', { name: `Edit ${slide.title}` }).click()
            return p.getByRole('dialog', { name: 'Edit Slide' })
          },
          submit: 'Save Changes',
        },
        {
          section: 'Cocktails',
          open: async (p) => {
            await p.getByRole('button', { name: 'Edit Content' }).click()
            return p.getByRole('main')
          },
          submit: 'Save Changes',
        },
        {
          section: 'Settings',
          open: async (p) => {
            const venue = p.getByRole('region', { name: 'Venue Details' })
            await venue.getByLabel('Town').fill('Much Hadham')
            return venue
          },
          submit: 'Save Venue Details',
        },
      ]
      for (const c of cases) {
        await test.step(c.section, async () => {
          // Through the sidebar: the page keeps the role it was opened with.
          await reader.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: c.section }).click()
          const scope = await c.open(reader)
          await saveAndSeeMessage(reader, scope, c.submit, FORBIDDEN)
          // A form dialog is closed before the next panel (nothing in it was changed, so nothing asks first).
          const dialog = reader.getByRole('dialog')
          if (await dialog.count()) {
            await dialog.getByRole('button', { name: 'Cancel' }).click()
            await expect(dialog).toBeHidden()
          }
        })
      }
    } finally {
      await reader.close()
      await staffApi(page, 'DELETE', `/api/admin/events/${event.id}`)
      await staffApi(page, 'DELETE', `/api/admin/hero-slides/${slide.id}`)
    }
  })
})
