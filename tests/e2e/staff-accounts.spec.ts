/**
 * Staff accounts and roles in the browser (issue 33): the owner creates a
 * staff account, the staff member sees only their panels and is refused by
 * the API, cancels a booking, and the owner reads that line in the Audit Log;
 * two-factor authentication enrolled and used to sign in; a forgotten
 * password reset with the emailed link.
 */
import type { Browser, Page } from '@playwright/test'
import { totpCode } from '../../server/auth/totp'
import { card, openSection, signInQuickly, staffApi, staffBooking } from './admin'
import { withServerDatabase } from './db'
import { atFixedTime, expect, gotoHydrated, test, toastWith } from './fixtures'
import { mailTo } from './mail'

let counter = 0
const unique = (name: string) => `${name}-${Date.now().toString(36)}${++counter}`

/** A fresh browser context signed in through the form as `username`. */
async function signInAs(browser: Browser, username: string, password: string, at?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  if (at) await atFixedTime(page, at)
  await gotoHydrated(page, '/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/admin/)
  return page
}

test('the owner creates a staff account; staff see only their panels, are refused by the API and cancel a booking; the owner reads the Audit Log', async ({ page, browser }) => {
  // Two accounts, their panels, the API and the Audit Log: about 30 s on a CI machine whose cores are full.
  test.slow()
  const at = '2032-04-02T10:00:00Z'
  await atFixedTime(page, at)
  await signInQuickly(page)
  const username = unique('bar')
  const password = 'pulling-pints-on-saturday'

  await openSection(page, 'staff')
  await page.getByRole('button', { name: 'Add Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Account' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('First name').fill('Sam')
  await dialog.getByLabel('Role').selectOption('staff')
  await dialog.getByLabel('Set a first password now').click()
  await dialog.getByLabel('First password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Create Account' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Create Account' }).click()
  await expect(toastWith(page, 'Success!')).toBeVisible()
  await expect(page.getByTestId(`account-${username}`)).toContainText('Staff')

  const booking = await staffBooking(page, { name: 'J. Smith', date: '2032-04-02', partySize: 8, startTime: '19:30', status: 'confirmed' }, at)

  const staff = await signInAs(browser, username, password, at)
  const sidebar = staff.getByRole('navigation', { name: 'Administrator' })
  await expect(sidebar.getByRole('link', { name: 'All Reservations' })).toBeVisible()
  for (const hidden of ['Staff Accounts', 'Email Templates', 'Marketing Emails', 'Audit Log']) await expect(sidebar.getByRole('link', { name: hidden })).toHaveCount(0)
  const refused = await staff.request.get('/api/admin/marketing-emails')
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({ message: 'You do not have permission to do that.' })

  await openSection(staff, 'reservations')
  await staff.getByRole('button', { name: 'All Bookings' }).click()
  await card(staff, booking.name).getByRole('button', { name: 'Edit' }).click()
  const edit = staff.getByRole('dialog', { name: 'Edit Reservation' })
  await edit.getByLabel('Status').selectOption('cancelled')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await staff.getByRole('alertdialog').getByRole('button', { name: /Save|Confirm/ }).click()
  await expect(card(staff, booking.name)).toContainText('Cancelled')
  // The booking's own details say who cancelled it, to staff too.
  await card(staff, booking.name).getByRole('button', { name: 'View details' }).click()
  const cancelled = `${username} (staff) cancelled the booking of ${booking.name}, 8 guests, 19:30`
  await expect(staff.getByRole('dialog', { name: booking.name }).getByTestId('booking-audit-line').filter({ hasText: cancelled })).toBeVisible()

  // The owner reads that line in the Audit Log, with its details.
  await openSection(page, 'audit')
  const line = page.getByTestId('audit-line').filter({ hasText: cancelled })
  await expect(line).toBeVisible()
  await expect(line).toContainText(/^\w{3} \d{1,2} \w{3} \d\d:\d\d — /)
  await line.getByRole('button', { name: /Details/ }).click()
  const details = page.getByRole('dialog', { name: 'Change details' })
  await expect(details).toContainText('confirmed')
  await expect(details).toContainText('cancelled')
  // Filtered by what was changed: there under Bookings, not under the walk-in queue.
  await page.keyboard.press('Escape')
  await expect(details).toHaveCount(0)
  await page.getByLabel('What').selectOption({ label: 'Bookings' })
  await expect(line).toBeVisible()
  await page.getByLabel('What').selectOption({ label: 'Walk-in queue' })
  await expect(line).toHaveCount(0)
})

test('staff see events, hours, menus, cocktails, slides, settings, enquiries and bookings without the changes only managers may make', async ({ page, browser }) => {
  // Eight panels as staff: about 20 s on a CI machine whose cores are full.
  test.slow()
  const at = '2032-04-16T10:00:00Z'
  await atFixedTime(page, at)
  await signInQuickly(page)
  const username = unique('floor')
  const password = 'carrying-plates-all-night'
  await staffApi(page, 'POST', '/api/admin/users', { username, firstName: 'Alex', role: 'staff', password })
  // An event that takes enquiries, an enquiry already answered (not a new one other tests count), and a booking.
  const event = (await staffApi(page, 'POST', '/api/admin/events', { title: unique('Quiz'), description: 'Made by a browser test.', date: '2032-04-16', time: '19:00', bookingType: 'enquiry' })) as { id: number; title: string }
  const guest = unique('Morgan')
  const [enquiryId] = await withServerDatabase(async (db) =>
    (
      await db.query<{ id: number }>(
        `insert into event_enquiries (event_id, event_title, event_date, event_time, name, email, phone, party_size, special_requests, status)
         values ($1, $2, 'Friday 16th April', '7:00 PM', $3, 'morgan@example.com', '07700 900 778', 6, '', 'contacted') returning id`,
        [event.id, event.title, guest],
      )
    ).rows.map((r) => r.id),
  )
  const booking = await staffBooking(page, { name: 'R. Patel', date: '2032-04-16', partySize: 4, startTime: '19:00' }, at)

  try {
    const staff = await signInAs(browser, username, password, at)
    const goTo = async (label: string, title: string) => {
      await staff.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: label }).click()
      await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible()
    }
    const main = staff.getByRole('main')
    const managerChanges = /A manager or owner changes/

    // The banners ask for hours and the site's address: the owner is asked to set the hours of the bank holidays
    // ahead, and staff, who cannot, are not.
    await openSection(page, 'reservations')
    await expect(page.getByRole('link', { name: 'Set the hours' })).toBeVisible()
    await openSection(staff, 'reservations')
    await staff.getByRole('button', { name: 'All Bookings' }).click()
    // Bookings: staff take, edit and cancel them; deleting is a manager's.
    await expect(card(staff, booking.name).getByRole('button', { name: 'Edit' })).toBeVisible()
    await expect(card(staff, booking.name).getByRole('button', { name: 'Delete' })).toHaveCount(0)
    // The panel shows once the banners are read (BannersThenPanel).
    await expect(staff.getByRole('link', { name: 'Set the hours' })).toHaveCount(0)

    await goTo('Events Management', 'Events Management')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByRole('article', { name: event.title })).toBeVisible()
    for (const name of ['Create Event', `Edit ${event.title}`, `Duplicate ${event.title}`, `Delete ${event.title}`]) await expect(main.getByRole('button', { name })).toHaveCount(0)

    await goTo('Event Enquiries', 'Event Enquiries')
    const enquiry = main.getByRole('article', { name: guest, exact: true })
    await expect(enquiry.getByRole('button', { name: `Add note to ${guest}'s enquiry` })).toBeVisible()
    await expect(enquiry.getByRole('button', { name: `Delete ${guest}'s enquiry` })).toHaveCount(0)

    await goTo('Opening Hours', 'Table Booking Hours')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByRole('switch', { name: 'Open on Friday' })).toBeDisabled()
    await expect(main.getByRole('combobox', { name: 'Opens on Friday' })).toBeDisabled()
    await expect(main.getByRole('button', { name: /^Edit services/ })).toHaveCount(0)
    await main.getByRole('tab', { name: 'Hour Exceptions' }).click()
    await expect(main.getByRole('button', { name: 'Add Exception' })).toHaveCount(0)
    await main.getByRole('tab', { name: 'Bank Holidays' }).click()
    await expect(main.getByRole('list', { name: 'Bank holidays and festive days' })).toBeVisible()
    for (const name of ['Close all day', 'Set special hours', 'Change hours']) await expect(main.getByRole('button', { name })).toHaveCount(0)

    await goTo('PDF Menus', 'PDF Menu Management')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByRole('article').first()).toBeVisible()
    await expect(main.getByRole('button', { name: /^(Add Menu Section|Edit |Delete )/ })).toHaveCount(0)
    await expect(main.getByRole('switch').first()).toBeDisabled()

    await goTo('Cocktails', 'Cocktails Page Content')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Special offer' })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Edit Content' })).toHaveCount(0)

    await goTo('Hero Slides', 'Hero Slides')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByRole('button', { name: /^(Add Slide|Edit |Delete )/ })).toHaveCount(0)

    await goTo('Settings', 'Website Settings')
    await expect(main.getByText(managerChanges)).toBeVisible()
    await expect(main.getByLabel('Venue name')).toBeVisible()
    await expect(main.getByLabel('Venue name')).not.toBeEditable()
    await expect(main.getByLabel('Day 1')).not.toBeEditable()
    await expect(main.getByRole('button', { name: /^(Save |Add Day|Remove day|Move day)/ })).toHaveCount(0)
  } finally {
    await withServerDatabase((db) => db.query('delete from event_enquiries where id = $1', [enquiryId]))
    await staffApi(page, 'DELETE', `/api/admin/events/${event.id}`).catch(() => undefined)
  }
})

test("'Forgot password?': the username, the email, the link, a new password, signed in", async ({ page }) => {
  await signInQuickly(page)
  const username = unique('forgetful')
  const email = `${username}@wheatsheaf.test`
  await staffApi(page, 'POST', '/api/admin/users', { username, firstName: 'Robin', email, role: 'staff', password: 'the-password-i-forgot' })

  const me = await (await page.context().browser()!.newContext()).newPage()
  await gotoHydrated(me, '/login')
  await me.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(me).toHaveURL(/\/forgot-password$/)
  await me.getByLabel('Username or email').fill(username)
  await me.getByRole('button', { name: 'Email Me a Link' }).click()
  await expect(me.getByRole('status')).toBeVisible()

  const mail = await mailTo(email, /^Your password reset link/)
  expect(mail.text).toContain('Hello Robin,')
  const link = /https?:\/\/\S+?(\/reset-password\/[\w.-]+)/.exec(mail.text ?? '')
  expect(link, 'the email carries the link').not.toBeNull()
  await gotoHydrated(me, link![1]!)
  await me.getByLabel('New password').fill('a-pint-of-the-usual-please')
  await me.getByRole('button', { name: 'Set Password' }).click()
  await expect(me).toHaveURL(/\/admin/)
  await expect(me.getByTestId('signed-in-as')).toContainText(`${username} · Staff`)
  // The link is used up.
  await gotoHydrated(me, link![1]!)
  await expect(me.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

test('two-factor authentication: enrol with a code from the app, sign out, sign in with password and code', async ({ page, browser, consoleErrors }) => {
  // The sign-in that asks for the code answers 401 first, which the browser logs.
  consoleErrors.allow('status of 401')
  await signInQuickly(page)
  const username = unique('tfa')
  const password = 'second-factor-please'
  await staffApi(page, 'POST', '/api/admin/users', { username, role: 'manager', password })

  const me = await signInAs(browser, username, password)
  await openSection(me, 'account')
  await me.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click()
  await expect(me.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await me.getByTestId('totp-secret').textContent())!.trim()
  await me.getByRole('textbox', { name: '6-digit code' }).fill(totpCode(secret, new Date()))
  await me.getByRole('button', { name: 'Turn On' }).click()
  await expect(me.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await me.getByRole('button', { name: 'I Have Saved Them' }).click()
  await expect(me.getByText('Two-factor authentication is on.')).toBeVisible()
  await me.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Sign Out' }).click()
  await expect(me).toHaveURL(/\/$/)

  // A minute on (the code that turned it on is spent): the page and the server see the same instant.
  const later = new Date(Date.now() + 60_000)
  await atFixedTime(me, later.toISOString())
  await gotoHydrated(me, '/login')
  await me.getByLabel('Username').fill(username)
  await me.getByLabel('Password').fill(password)
  await me.getByRole('button', { name: 'Log In' }).click()
  const code = me.getByLabel('Authentication code')
  await expect(code).toBeVisible()
  await code.fill(totpCode(secret, later))
  await me.getByRole('button', { name: 'Log In' }).click()
  await expect(me).toHaveURL(/\/admin/)
  await expect(me.getByTestId('signed-in-as')).toContainText(`${username} · Manager`)
})

test('Show Older Changes hands focus to the first older change, where a keyboard user reads on', async ({ page }) => {
  test.slow()
  await signInQuickly(page)
  // More changes than a page shows (50), made now, so the newest page is theirs.
  for (let i = 0; i < 51; i++) await staffBooking(page, { name: 'Olive Older', date: new Date(Date.UTC(2031, 6, 1 + i)).toISOString().slice(0, 10) })
  await openSection(page, 'audit')
  const lines = page.getByTestId('audit-line')
  await expect(lines).toHaveCount(50)
  const older = page.getByRole('button', { name: 'Show Older Changes' })
  await older.focus()
  await page.keyboard.press('Enter')
  await expect(lines.nth(50)).toBeVisible()
  await expect(lines.nth(50).getByRole('button', { name: /^Details: / })).toBeFocused()
})
