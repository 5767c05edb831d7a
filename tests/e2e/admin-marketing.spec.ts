import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { openSection, signInQuickly } from './admin'
import { expect, test } from './fixtures'

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** A Saturday at least three days away: the seeded venue opens at noon. */
function nextSaturday() {
  let d = addDays(londonToday(), 3)
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1)
  return d
}

let n = 0
/** A guest's booking from the public booking API, with or without the offers tick. */
async function guestBooks(page: Page, guest: { name: string; email: string; receiveOffers: boolean }) {
  const res = await page.request.post('/api/reservations', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { phone: '07700 900 123', date: nextSaturday(), startTime: ['13:00', '13:30', '14:00', '14:30'][n++ % 4], partySize: 2, ...guest },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test.describe('Marketing Emails', () => {
  test('lists the guests who opted in, searches, copies and exports them as a safe CSV', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const tag = `mkt${Date.now().toString(36)}`
    const formula = { name: `=HYPERLINK("http://evil.example","Click") ${tag}`, email: `${tag}.formula@example.com`, receiveOffers: true }
    const quoted = { name: `Smith, "Jo" ${tag}`, email: `${tag}.quoted@example.com`, receiveOffers: true }
    const noTick = { name: `No Offers ${tag}`, email: `${tag}.no@example.com`, receiveOffers: false }
    for (const g of [formula, quoted, noTick]) await guestBooks(page, g)

    await signInQuickly(page)
    await openSection(page, 'marketing')
    await expect(page.getByRole('heading', { level: 1, name: 'Marketing Emails' })).toBeVisible()
    await expect(page.getByTestId('marketing-summary')).toContainText('Total customers')

    const search = page.getByLabel('Search by name or email')
    await search.fill(tag)
    const rows = page.getByTestId('marketing-row')
    await expect(rows).toHaveCount(2)
    await expect(page.getByRole('table')).toContainText(quoted.name)
    await expect(page.getByRole('table')).not.toContainText(noTick.email)

    // A row's copy: the tick shows, then goes after 2 seconds.
    const rowCopy = page.getByRole('button', { name: `Copy ${quoted.email}` })
    await rowCopy.click()
    await expect(page.getByRole('button', { name: `Copied ${quoted.email}` })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quoted.email)
    // Two seconds on the page's clock; a CI machine busy with other tests may run the timer late.
    await expect(rowCopy).toBeVisible({ timeout: 10_000 })

    await page.getByRole('button', { name: /^Copy All/ }).click()
    await expect(page.getByRole('button', { name: 'Copied 2 emails' })).toBeVisible()
    expect((await page.evaluate(() => navigator.clipboard.readText())).split(', ').sort()).toEqual([formula.email, quoted.email].sort())

    await search.fill(`${tag}-nobody`)
    await expect(page.getByText('No emails found')).toBeVisible()

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`marketing-emails-${londonToday()}.csv`)
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('Name,Email,First Opted In,Last Reservation')
    const stamp = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}'
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^"'=HYPERLINK\\(""http://evil\\.example"",""Click""\\) ${tag}",${tag}\\.formula@example\\.com,${stamp},${stamp}$`)))
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^"Smith, ""Jo"" ${tag}",${tag}\\.quoted@example\\.com,${stamp},${stamp}$`)))
    expect(csv).not.toContain(noTick.email)
  })
})
