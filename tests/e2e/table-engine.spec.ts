import type { Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { expect, test, toastWith } from './fixtures'
import { seriousViolations } from './axe'
import { PROCESS_ADMIN, processAdminEnv } from './servers'
// @ts-expect-error a plain ESM helper shared with the bench script
import { embeddedDatabaseUrl, startServer } from '../helpers/server-process.mjs'

// Tables on bookings in All Reservations (issue 34), on a server of its own: a drawn plan makes the whole
// venue book tables, which the other browser tests (running beside this one) do not expect.

type Server = Awaited<ReturnType<typeof startServer>>
let server: Server
let dataDir: string
const DAY = (() => {
  // A Saturday at least a week ahead (Saturdays open 12:00-23:30), in the server's own clock.
  const d = new Date(Date.now() + 8 * 86_400_000)
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
})()

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) as string })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

test.describe('tables on bookings', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    // Starting an app and its PostgreSQL takes longer than a test's 30 s on a loaded machine (a hook keeps the project's timeout otherwise).
    test.setTimeout(120_000)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-e2e-tables-'))
    // No demo plan: the test draws its own.
    server = await startServer({ dataDir, env: { ...processAdminEnv, DEMO_PLAN: 'false' } })
    // Restaurant T1 (2), T2 (4), T3 (4); Bar B1 (2); a staff-only Snug for 5 to 8.
    await sql(`insert into areas (name, sort_order) values ('Restaurant', 0), ('Bar', 1), ('Snug', 2)`)
    await sql(`update areas set online_bookable = false where name = 'Snug'`)
    await sql(`insert into dining_tables (name, area_id, min_covers, max_covers, sort_order)
      select t.name, a.id, t.min, t.max, t.sort from (values ('T1', 'Restaurant', 1, 2, 1), ('T2', 'Restaurant', 1, 4, 2), ('T3', 'Restaurant', 1, 4, 3),
        ('B1', 'Bar', 1, 2, 1), ('Snug', 'Snug', 5, 8, 1)) as t(name, area, min, max, sort) join areas a on a.name = t.area`)
    await sql(`insert into turn_times (min_party, max_party, duration_minutes) values (1, 2, 90), (3, 4, 120), (5, 20, 150)`)
  })
  test.afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  async function signIn(page: Page) {
    const res = await page.request.post(`${server.url}/api/login`, { data: PROCESS_ADMIN, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(res.status()).toBe(200)
  }
  async function book(page: Page, over: Record<string, unknown>) {
    const res = await page.request.post(`${server.url}/api/admin/reservations`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      data: { email: `t${Date.now()}${Math.random()}@example.com`, phone: '07700 900 321', date: DAY, startTime: '19:00', partySize: 2, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed', ...over },
    })
    return { status: res.status(), body: await res.json() }
  }

  test('a request whose hold ran out, confirmed when no table is free, is refused with Save anyway, which confirms it to wait for a table', async ({ page, consoleErrors }) => {
    // The refusal below is an answer the dialog shows, not a fault.
    consoleErrors.allow('status of 409')
    await signIn(page)
    // A week after the other tests' day. The Snug, the one table for 7 or 8, is taken at 20:30; a party of 7 asked for
    // 20:30 and its 30 minutes ran out.
    const date = new Date(Date.parse(DAY) + 7 * 86_400_000).toISOString().slice(0, 10)
    const snug = await book(page, { name: 'Snug Taken', partySize: 8, startTime: '20:30', date })
    expect(snug.body.tables).toEqual([expect.objectContaining({ name: 'Snug' })])
    const request = await book(page, { name: 'Big Request', partySize: 7, startTime: '20:30', date, status: 'pending', force: true })
    expect(request.body.tables).toEqual([])
    await sql(`update reservations set hold_until = now() - interval '1 minute' where id = $1`, [request.body.id])

    await page.goto(`${server.url}/admin?section=pending`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    const pendingCard = page.getByTestId(`pending-${request.body.id}`)
    await pendingCard.getByRole('button', { name: 'Confirm Booking' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Confirm reservation' })
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click()
    // The server's words say 'save anyway': the dialog now offers it (before, only Cancel and Confirm Booking, which
    // the server refused again). Focus, dropped while the buttons were disabled, is back on Cancel.
    await expect(dialog.getByRole('alert')).toContainText("No table or combination for 7 is free at 8:30 PM")
    await expect(dialog.getByRole('alert')).toContainText("save anyway and it will show as 'needs a table'")
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Save anyway' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toastWith(page, 'Updated successfully! It needs a table.')).toBeVisible()
    await expect(pendingCard).toHaveCount(0)
    // Its card, where the dialog was opened from, left the list after focus went back to it: focus goes to the panel.
    await expect(page.locator('main')).toBeFocused()
    const [row] = await sql(`select status, (select count(*)::int from reservation_tables where reservation_id = $1) as tables from reservations where id = $1`, [request.body.id])
    expect(row).toEqual({ status: 'confirmed', tables: 0 })
  })

  test('cards show their tables and who needs one; the form picks tables, refuses a taken one by the field, and says why a time is not offered', async ({ page, consoleErrors }) => {
    // The refusals below are answers the form shows, not faults.
    consoleErrors.allow('status of 409')
    test.slow()
    await signIn(page)
    const smith = await book(page, { name: 'John Smith', partySize: 4 })
    expect(smith.body.tables).toEqual([expect.objectContaining({ name: 'T2', area: 'Restaurant' })])
    await book(page, { name: 'Snug Party', partySize: 8, startTime: '18:30' })
    const waiting = await book(page, { name: 'Wait Forme', partySize: 8, force: true })
    expect(waiting.body.needsTable).toBe(true)

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${server.url}/admin?section=reservations`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await page.getByLabel('Date', { exact: true }).fill(DAY)
    const smithCard = page.getByTestId(`reservation-${smith.body.id}`)
    await expect(smithCard).toContainText('T2 (Restaurant)')
    await expect(page.getByTestId(`reservation-${waiting.body.id}`).getByTestId('needs-table')).toHaveText('Needs a table')
    await page.getByRole('button', { name: 'Needs a table' }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Bookings that need a table')
    await expect(page.getByTestId(`reservation-${waiting.body.id}`)).toBeVisible()
    await expect(page.getByTestId(`reservation-${smith.body.id}`)).toHaveCount(0)
    await page.screenshot({ path: 'test-results/tables-needs-a-table.png', fullPage: true })

    // A phone booking for 4 at 19:00: T2 is taken by J. Smith; ticking it is refused by the field, never overridden.
    await page.getByRole('button', { name: 'New Booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Booking' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ann Phone')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ann.phone@example.com')
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('07700 900 555')
    await dialog.getByLabel('Date').fill(DAY)
    await dialog.getByLabel('Time').fill('19:00')
    await dialog.getByLabel('Party Size').fill('4')
    const picker = dialog.getByTestId('table-picker')
    await expect(picker.getByText('taken: J. Smith (4 guests, 19:00–21:00)')).toBeVisible()
    await expect(picker.getByRole('group', { name: 'Restaurant' })).toBeVisible()
    await picker.getByRole('checkbox', { name: /^T2/ }).check()
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(picker.getByRole('alert')).toHaveText('T2 is taken by J. Smith (4 guests, 19:00–21:00) at that time: move that booking first.')
    await expect(dialog.getByRole('button', { name: 'Save anyway' })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/tables-taken.png', fullPage: true })

    // T3 instead: saved at T3.
    await picker.getByRole('checkbox', { name: /^T2/ }).uncheck()
    await picker.getByRole('checkbox', { name: /^T3/ }).check()
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await expect(page.getByRole('article').filter({ hasText: 'Ann Phone' })).toContainText('T3 (Restaurant)')

    // A party of 8 at 19:30 while the Snug is taken from 18:30: refused, with why guests would not be offered it online, and 'Save anyway'.
    await page.getByRole('button', { name: 'New Booking' }).click()
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Eight Phone')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('eight.phone@example.com')
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('07700 900 556')
    await dialog.getByLabel('Date').fill(DAY)
    await dialog.getByLabel('Time').fill('19:30')
    await dialog.getByLabel('Party Size').fill('8')
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog.getByText(/No table or combination for 8 is free at 7:30 PM/)).toBeVisible()
    await expect(dialog.getByTestId('online-explanation')).toContainText('the party would be taken as a pending request without a table')
    await expect(dialog.getByRole('button', { name: 'Save anyway' })).toBeVisible()
    await page.screenshot({ path: 'test-results/tables-explain.png', fullPage: true })

    // The phone width: the card with its tables.
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard Changes' }).click()
    await expect(dialog).toHaveCount(0)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(page.getByRole('article').filter({ hasText: 'Ann Phone' })).toContainText('T3 (Restaurant)')
    await page.screenshot({ path: 'test-results/tables-390.png', fullPage: true })
  })
})
