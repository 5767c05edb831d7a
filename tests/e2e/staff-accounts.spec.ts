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
