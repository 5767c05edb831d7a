import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
// @ts-expect-error a plain ESM helper shared with the bench script
import { startServer } from '../helpers/server-process.mjs'
import { settingVersion } from './admin'
import { seriousViolations } from './axe'
import { expect, test } from './fixtures'

// The guest's whole journey after booking, on an app of its own that sends through a real SMTP server.
const ADMIN = { username: 'manage-admin', password: 'manage-password-1' }
const received: ParsedMail[] = []
let smtp: SMTPServer
let server: Awaited<ReturnType<typeof startServer>>
let dataDir: string

test.beforeAll(async () => {
  // Starting an app and its PostgreSQL takes longer than a test's 30 s on a loaded machine (a hook keeps the project's timeout otherwise).
  test.setTimeout(120_000)
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail)
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = ((smtp as unknown as { server: { address(): AddressInfo } }).server.address()).port
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-manage-'))
  server = await startServer({
    dataDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  })
})

test.afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const spoken = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${d} ${MONTHS[m! - 1]} ${y}`
}
/** A Saturday (open 12:00 to 23:30 in the seed) a week or two ahead. */
function nextSaturday() {
  let d = addDays(londonToday(), 7)
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1)
  return d
}

async function open(page: Page, url: string) {
  await page.goto(server.url + url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  const reject = page.getByRole('button', { name: 'Reject' })
  if (await reject.isVisible()) await reject.click()
}

async function pickDate(page: Page, date: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${spoken(date)}`) })
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click()
  await day.click()
}

/** The message to an address whose subject matches, once the SMTP server has it. */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const find = () => received.find((m) => m.to && JSON.stringify(m.to).includes(address) && subject.test(m.subject ?? ''))
  await expect.poll(() => Boolean(find()), { timeout: 20_000 }).toBe(true)
  return find()!
}

test('a guest books, opens the link in the email, moves the booking, then cancels it; staff see each step', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const staff = await browser.newContext()
  const staffPage = await staff.newPage()
  const login = await staffPage.request.post(`${server.url}/api/login`, { data: ADMIN, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(login.status()).toBe(200)
  // Two seats: a party of two fills its time, so a freed table shows on /booking.
  const saved = await staffPage.request.put(`${server.url}/api/admin/site-settings/booking_capacity_covers`, {
    data: { value: 2, version: await settingVersion(staffPage, 'booking_capacity_covers', server.url) },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
  })
  expect(saved.status()).toBe(200)

  const date = nextSaturday()
  const email = `manage-${Date.now()}@example.com`
  const name = `Manage Guest ${Date.now().toString(36)}`
  await open(page, '/booking')
  await pickDate(page, date)
  await page.getByLabel('Time', { exact: true }).selectOption('19:00')
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Phone number').fill('07700 900 000')
  await page.getByRole('button', { name: 'Book Table' }).click()
  await expect(page.getByRole('dialog', { name: 'Booking Confirmed' })).toBeVisible()

  // The link, from the message the SMTP server received.
  const confirmation = await mailTo(email, /is booked/)
  const link = /https?:\/\/\S+?(\/booking\/manage\/[\w.-]+)/.exec(confirmation.text ?? '')
  expect(link, 'the confirmation carries the manage link').not.toBeNull()
  expect(confirmation.html).toContain(link![1])
  await open(page, link![1]!)
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible()
  await expect(page).toHaveTitle('Your booking | The Wheatsheaf Inn')
  const details = page.getByRole('region', { name: 'Table for 2' })
  await expect(details).toContainText('7:00 PM')
  await expect(details).toContainText('Confirmed')
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /calendar\.ics$/)
  // Axe at a phone's width and a laptop's, before and with the change form open.
  const axeAtBothWidths = async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 })
      expect(await seriousViolations(page), `at ${width} px`).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page's width at ${width} px`).toBeLessThanOrEqual(width)
    }
  }
  await axeAtBothWidths()

  // Move it to 9:30 PM.
  await page.getByRole('button', { name: 'Change booking' }).click()
  const change = page.getByRole('region', { name: 'Change booking' })
  await expect(change.getByText(/times? available/)).toBeVisible()
  await axeAtBothWidths()
  await expect(change.getByLabel('Time', { exact: true }).locator('option', { hasText: '9:30 PM' })).toHaveCount(1)
  await change.getByLabel('Time', { exact: true }).selectOption('21:30')
  await change.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your booking has been changed' })).toBeVisible()
  await expect(details).toContainText('9:30 PM')
  const changed = await mailTo(email, /is now/)
  expect(changed.text).toContain('9:30 PM')

  // Staff see the new time, and who moved it.
  await staffPage.goto(`${server.url}/admin?section=reservations`)
  await staffPage.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await staffPage.getByRole('button', { name: 'All Bookings' }).click()
  await staffPage.getByLabel('Search by name, email or phone').fill(name)
  const card = staffPage.getByRole('article', { name })
  await expect(card).toContainText('9:30 PM')
  await card.getByRole('button', { name: 'View details' }).click()
  const history = staffPage.getByRole('dialog', { name }).getByRole('region', { name: 'History' })
  await expect(history).toContainText('Booked online by the guest')
  await expect(history).toContainText('Changed by the guest: 7:00 PM → 9:30 PM')

  // The slot is full for two while the booking holds it...
  await open(page, '/booking')
  await pickDate(page, date)
  await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: /^1:00 PM$/ })).toHaveCount(1)
  await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '9:30 PM' })).toHaveCount(0)

  // ...and free once the guest cancels it.
  await open(page, link![1]!)
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' })
  await expect(confirm).toContainText('9:30 PM')
  await confirm.getByRole('button', { name: 'Yes, cancel booking' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled' })).toBeVisible()
  await expect(details).toContainText('Cancelled')
  await expect(page.getByRole('button', { name: 'Change booking' })).toHaveCount(0)
  await mailTo(email, /has been cancelled/)

  await open(page, '/booking')
  await pickDate(page, date)
  await expect(page.getByLabel('Time', { exact: true }).locator('option', { hasText: '9:30 PM' })).toHaveCount(1)
  await staff.close()
})

test('changing a booking without a connection: the times say they could not load, and come once it is back', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow('net::ERR_INTERNET_DISCONNECTED')
  const email = `manage-offline-${Date.now()}@example.com`
  const booked = await page.request.post(`${server.url}/api/reservations`, {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { name: 'Offline Guest', email, phone: '07700 900 001', date: nextSaturday(), startTime: '18:00', partySize: 2, foodDrinks: 'food_and_drinks', receiveOffers: false },
  })
  expect(booked.status()).toBe(201)
  const link = /https?:\/\/\S+?(\/booking\/manage\/[\w.-]+)/.exec((await mailTo(email, /is booked/)).text ?? '')
  await open(page, link![1]!)
  await page.getByRole('button', { name: 'Change booking' }).click()
  const change = page.getByRole('region', { name: 'Change booking' })
  await expect(change.getByText(/times? available/)).toBeVisible()
  await context.setOffline(true)
  await pickDate(page, addDays(nextSaturday(), 7))
  const status = change.locator('#booking-time-status')
  await expect(status).toContainText('Could not load times. Please try again.')
  await expect(status.getByRole('button', { name: 'Try again' })).toBeVisible()
  await context.setOffline(false)
  await expect(change.getByLabel('Time', { exact: true }).locator('option', { hasText: '9:30 PM' })).toHaveCount(1)
  await expect(status).toHaveText(/^\d+ times available$/)
})

test('Change booking tapped without a connection keeps the booking on the page, says why, and opens on Try again', async ({ page, context, consoleErrors }) => {
  consoleErrors.allow('Failed to fetch dynamically imported module', 'net::ERR_INTERNET_DISCONNECTED')
  const email = `manage-offline-form-${Date.now()}@example.com`
  const booked = await page.request.post(`${server.url}/api/reservations`, {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { name: 'Signal Guest', email, phone: '07700 900 002', date: addDays(nextSaturday(), 14), startTime: '12:00', partySize: 2, foodDrinks: 'food_and_drinks', receiveOffers: false },
  })
  expect(booked.status()).toBe(201)
  const link = /https?:\/\/\S+?(\/booking\/manage\/[\w.-]+)/.exec((await mailTo(email, /is booked/)).text ?? '')
  await open(page, link![1]!)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Change booking' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'This did not open' })
  await expect(alert).toBeVisible()
  await expect(page.getByRole('region', { name: 'Table for 2' })).toContainText('12:00 PM')
  await context.setOffline(false)
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('region', { name: 'Change booking' }).getByText(/times? available/)).toBeVisible()
  await expect(alert).toHaveCount(0)
})

test('a link that is not ours, or altered, shows why and the number to call', async ({ page, consoleErrors }) => {
  // The page answers 404, which the browser reports as a failed load.
  consoleErrors.allow(/status of 404/)
  await open(page, '/booking/manage/not-a-real-token')
  await expect(page.getByRole('heading', { level: 1, name: 'We could not open this booking' })).toBeVisible()
  await expect(page.getByText('Please use the link in the latest email we sent you, or call us on 01279 555 014.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call 01279 555 014' })).toHaveAttribute('href', 'tel:01279555014')
})
