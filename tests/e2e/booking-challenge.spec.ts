/**
 * The booking form's proof-of-work challenge in a real browser (issue 31,
 * item 2; docs/decisions/0021), on a production server of its own that asks
 * for it on every booking: a guest books without seeing it, the widget is not
 * fetched with the page, and the post carries a solution. And the page of a
 * large party's confirm link, on the shared test server.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { addDays, dayOfWeek, MONTH_NAMES, todayIn, WEEKDAY_NAMES } from '#common/time'
import { signToken } from '../../server/signed-tokens'
// @ts-expect-error a plain ESM helper shared with the bench script
import { startServer } from '../helpers/server-process.mjs'
import { seriousViolations } from './axe'
import { expect, gotoHydrated, test } from './fixtures'

/** The e2e server's secret (tests/e2e/serve.mjs): tokens signed with it are the ones its emails carry. */
const SECRET = 'e2e-session-secret-e2e-session-secret'

/** The n-th Saturday (open 12:00-23:30 in the seed) at least a few days ahead. */
const saturday = (n: number) => {
  let d = addDays(todayIn(new Date(), 'Europe/London'), 3)
  while (dayOfWeek(d) !== 6) d = addDays(d, 1)
  return addDays(d, 7 * n)
}
const spoken = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${d} ${MONTH_NAMES[m! - 1]} ${y}`
}
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

async function pickDate(page: Page, date: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${spoken(date)}`) })
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click()
  await day.click()
}

test.describe('the booking form on a server that always asks for the challenge', () => {
  test.describe.configure({ timeout: 120_000 })
  let server: { url: string; child: { kill: (signal: string) => void }; exited: Promise<unknown> }
  let dataDir: string
  test.beforeAll(async () => {
    // Starting an app and its PostgreSQL takes longer than a test's 30 s on a loaded machine (a hook keeps the project's timeout otherwise).
    test.setTimeout(120_000)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-challenge-'))
    // 0: every booking attempt must carry a valid, unused solution.
    server = await startServer({ dataDir, env: { CHALLENGE_AFTER_PER_ADDRESS: '0', LOG_LEVEL: 'warn' } })
  })
  test.afterAll(async () => {
    // Stopped as production is, so that it stops its PostgreSQL before its data directory goes.
    server?.child.kill('SIGTERM')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('a guest books through the form, the challenge solved in the background, and the page did not load the widget', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    const posts: Record<string, unknown>[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/reservations')) posts.push(r.postDataJSON())
    })
    // Without a solution this server refuses every booking: the form may not send one without.
    const refusals: number[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('/api/reservations') && r.status() === 400) refusals.push(r.status())
    })
    await gotoHydrated(page, `${server.url}/booking`)
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((s) => /altcha/.test(s)), 'the widget is not fetched with the page').toEqual([])
    const reject = page.getByRole('button', { name: 'Reject' })
    if (await reject.isVisible()) await reject.click()

    await page.getByLabel('Full name').fill('Ann Guest')
    await expect.poll(() => scripts.some((s) => /altcha/.test(s)), { message: 'the widget loads once the guest starts' }).toBe(true)
    await page.getByLabel('Email address').fill(`challenge-${unique()}@example.com`)
    await page.getByLabel('Phone number').fill('07700 900 456')
    await pickDate(page, saturday(1))
    await page.getByLabel('Time', { exact: true }).selectOption('19:00')
    // Nothing about the check is on screen, or in the accessibility tree.
    await expect(page.getByText(/altcha|verif|robot/i).filter({ visible: true })).toHaveCount(0)
    await expect(page.locator('altcha-widget')).toHaveAttribute('aria-hidden', 'true')
    await expect(page.locator('altcha-widget')).toBeHidden()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Book Table' }).click()

    await expect(page.getByRole('dialog', { name: 'Booking Confirmed' })).toBeVisible({ timeout: 30_000 })
    expect(posts).toHaveLength(1)
    expect(typeof posts[0]!.altcha).toBe('string')
    expect(refusals).toEqual([])
  })

  test('a post sent before the solve is refused, and the form solves and sends again by itself', async ({ page, consoleErrors }) => {
    // The browser logs the held-back challenge and the refused post; both are this test's own doing.
    consoleErrors.allow('status of 503', 'status of 400')
    // The first challenge is held back, as on a phone still working on it when the guest presses Book Table.
    let held = true
    await page.route('**/api/altcha/challenge', async (route) => {
      if (held) {
        held = false
        return route.fulfill({ status: 503, body: 'not now' })
      }
      return route.continue()
    })
    const statuses: number[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('/api/reservations')) statuses.push(r.status())
    })
    await gotoHydrated(page, `${server.url}/booking`)
    const reject = page.getByRole('button', { name: 'Reject' })
    if (await reject.isVisible()) await reject.click()
    await page.getByLabel('Full name').fill('Bob Guest')
    await page.getByLabel('Email address').fill(`retry-${unique()}@example.com`)
    await page.getByLabel('Phone number').fill('07700 900 457')
    await pickDate(page, saturday(1))
    await page.getByLabel('Time', { exact: true }).selectOption('20:00')
    await page.getByRole('button', { name: 'Book Table' }).click()
    await expect(page.getByRole('dialog', { name: 'Booking Confirmed' })).toBeVisible({ timeout: 30_000 })
    expect(statuses).toEqual([400, 201])
  })
})

test.describe("a large party's confirm link", () => {
  test('shows the request, confirms it with one button, and says so; opening it confirms nothing', async ({ page, request, consoleErrors }) => {
    // The last step opens a link that is not ours on purpose: the browser logs its 404.
    consoleErrors.allow('status of 404')
    const email = `party-${unique()}@example.com`
    const made = await request.post('/api/reservations', {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      data: { name: 'Carol Party', email, phone: '07700 900 458', date: saturday(5), startTime: '18:00', partySize: 12, foodDrinks: 'food_and_drinks', receiveOffers: false },
    })
    expect(made.status()).toBe(201)
    const { id } = await made.json()
    const token = signToken(SECRET, 'confirm-request', { r: id }, new Date(Date.now() + 30 * 86_400_000))
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await gotoHydrated(page, `/booking/confirm/${token}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your booking request' })).toBeVisible()
      await expect(page.getByText('A table for 12 guests')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.screenshot({ path: test.info().outputPath(`confirm-request-${width}.png`), fullPage: true })
    }
    await page.getByRole('button', { name: 'Confirm my request' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you: your request is confirmed' })).toBeVisible()
    await expect(page.getByRole('status')).toContainText('Your table is held for you')
    await page.screenshot({ path: test.info().outputPath('confirm-request-done.png'), fullPage: true })
    // Again (a second tab, the link opened later): it says so, and there is nothing more to press.
    await gotoHydrated(page, `/booking/confirm/${token}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you: your request is confirmed' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm my request' })).toHaveCount(0)
    // A link that is not ours.
    await page.goto(`/booking/confirm/${token.slice(0, -4)}abcd`)
    await expect(page.getByRole('heading', { level: 1, name: 'We could not open this request' })).toBeVisible()
  })
})
