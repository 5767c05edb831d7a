import type { Page } from '@playwright/test'
import { openSection, signInQuickly, staffApi } from './admin'
import { seriousViolations } from './axe'
import { atFixedTime, expect, test, toastWith } from './fixtures'

// Thursday 30 October 2031, 10:00 in London: the next 60 days reach 29 December, so Christmas
// Eve, Christmas Day and Boxing Day are the days that matter within them (no bank holiday between).
const AT = '2031-10-30T10:00:00Z'
const CHRISTMAS = '2031-12-25'

type Exception = { id: number; date: string }
async function exceptionsOn(page: Page, dates: string[]): Promise<Exception[]> {
  const all = (await (await page.request.get('/api/admin/hour-exceptions')).json()) as Exception[]
  return all.filter((e) => dates.includes(e.date))
}
const daysBanner = (page: Page) => page.getByTestId('notice-days-that-matter')

test.describe('Days that matter, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('Christmas Day shows in Opening Hours with the banner until staff set its hours', async ({ page }) => {
    await atFixedTime(page, AT)
    await signInQuickly(page)
    // Christmas Eve and Boxing Day already have their hours: Christmas Day is the one left.
    for (const e of await exceptionsOn(page, ['2031-12-24', CHRISTMAS, '2031-12-26'])) await staffApi(page, 'DELETE', `/api/admin/hour-exceptions/${e.id}`, undefined, AT)
    await staffApi(page, 'POST', '/api/admin/hour-exceptions', { date: '2031-12-24', isClosed: false, openTime: '12:00', closeTime: '17:00', reason: 'Christmas Eve lunch' }, AT)
    await staffApi(page, 'POST', '/api/admin/hour-exceptions', { date: '2031-12-26', isClosed: true, reason: 'Boxing Day' }, AT)
    try {
      await openSection(page, 'reservations')
      const banner = daysBanner(page)
      await expect(banner).toContainText('Christmas Day is in 56 days and still on ordinary hours')
      await expect(banner).toContainText('Christmas Day (25 Dec 2031)')
      await expect(banner).not.toContainText('Christmas Eve')
      await expect(banner).toBeInViewport()

      await banner.getByRole('link', { name: 'Set the hours in Opening Hours' }).click()
      await expect(page).toHaveURL(/section=hours&tab=days/)
      await expect(page.getByRole('tab', { name: 'Bank Holidays' })).toHaveAttribute('aria-selected', 'true')
      const christmas = page.getByTestId(`day-${CHRISTMAS}`)
      await expect(christmas).toContainText('Christmas Day')
      await expect(christmas).toContainText('Bank holiday')
      await expect(christmas).toContainText('Christmas & New Year')
      await expect(christmas).toContainText('Ordinary hours')
      await expect(christmas).toContainText('Usual Thursday: open 16:00 to 22:30')
      // Christmas Eve is not a bank holiday, but it is flagged, with the hours set for it.
      const eve = page.getByTestId('day-2031-12-24')
      await expect(eve).not.toContainText('Bank holiday')
      await expect(eve).toContainText('Christmas & New Year')
      await expect(eve).toContainText('Open 12:00 to 17:00')
      await expect(eve).toContainText('Set for this date: Christmas Eve lunch')
      // Easter Monday 2032 (29 March) is in the twelve months listed.
      await expect(page.getByTestId('day-2032-03-29')).toContainText('Easter Monday')
      expect(await seriousViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/days-that-matter-390.png', fullPage: false })

      // One tap (and the confirm every change asks) closes it for the day.
      await christmas.getByRole('button', { name: 'Close all day' }).click()
      const prompt = page.getByRole('alertdialog', { name: 'Close on Christmas Day?' })
      await expect(prompt).toContainText('Thursday, 25 December 2031')
      await prompt.getByRole('button', { name: 'Close all day' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      await expect(christmas).toContainText('Closed all day')
      await expect(christmas).toContainText('Set for this date: Christmas Day')
      await expect(christmas.getByRole('button', { name: 'Change hours' })).toBeVisible()
      await expect(daysBanner(page)).toHaveCount(0)

      // It is an hour exception like any other: listed there, and the booking page's calendar follows it.
      await page.getByRole('tab', { name: 'Hour Exceptions' }).click()
      await expect(page.getByTestId(`exception-${CHRISTMAS}`)).toContainText('Closed all day')
    } finally {
      for (const e of await exceptionsOn(page, ['2031-12-24', CHRISTMAS, '2031-12-26'])) await staffApi(page, 'DELETE', `/api/admin/hour-exceptions/${e.id}`, undefined, AT)
    }
  })

  test('Set special hours opens the exception form filled in; the banner can be dismissed for the session', async ({ page, browser }) => {
    await atFixedTime(page, AT)
    await signInQuickly(page)
    try {
      await openSection(page, 'hours')
      await expect(daysBanner(page)).toContainText('3 days that matter in the next 60 days are still on ordinary hours')
      await daysBanner(page).getByRole('link', { name: 'Set the hours in Opening Hours' }).click()
      const boxing = page.getByTestId('day-2031-12-26')
      await boxing.getByRole('button', { name: 'Set special hours' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Exception' })
      await expect(dialog.getByLabel('Date')).toHaveValue('2031-12-26')
      await expect(dialog.getByLabel('Reason')).toHaveValue('Boxing Day')
      // The usual Friday to start from.
      await expect(dialog.getByLabel('Open time')).toHaveValue('16:00')
      await expect(dialog.getByLabel('Close time')).toHaveValue('23:30')
      await dialog.getByLabel('Open time').selectOption('12:00')
      await dialog.getByLabel('Close time').selectOption('18:00')
      await dialog.getByRole('button', { name: 'Add Exception' }).click()
      await page.getByRole('alertdialog', { name: 'Add this exception?' }).getByRole('button', { name: 'Save' }).click()
      await expect(dialog).toBeHidden()
      await expect(boxing).toContainText('Open 12:00 to 18:00')
      await expect(daysBanner(page)).toContainText('2 days that matter in the next 60 days are still on ordinary hours')

      // Dismissed: gone on this page and after a reload, back in a new session.
      await daysBanner(page).getByRole('button', { name: /^Dismiss/ }).click()
      await expect(daysBanner(page)).toHaveCount(0)
      await page.reload()
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await expect(page.getByRole('heading', { name: 'Table Booking Hours' })).toBeVisible()
      await expect(daysBanner(page)).toHaveCount(0)
      const other = await browser.newPage({ viewport: { width: 390, height: 844 } })
      try {
        await atFixedTime(other, AT)
        await signInQuickly(other)
        await openSection(other, 'hours')
        await expect(daysBanner(other)).toContainText('2 days that matter')
      } finally {
        await other.close()
      }
    } finally {
      for (const e of await exceptionsOn(page, ['2031-12-24', CHRISTMAS, '2031-12-26'])) await staffApi(page, 'DELETE', `/api/admin/hour-exceptions/${e.id}`, undefined, AT)
    }
  })
})

test.describe('The banners and the panel below them', () => {
  /** The banners' answer held back, as on a server that has just started (the bank holidays load in about a second). */
  const holdNotices = (page: Page, ms: number) =>
    page.route('**/api/admin/notices', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await route.continue()
    })
  const heading = (page: Page) => page.getByRole('heading', { name: 'Tables & Areas', level: 1 })

  test('a panel shows with its banners, never before them: a banner read late does not push it under a click', async ({ page }) => {
    await signInQuickly(page)
    await holdNotices(page, 800)
    const noticesRead = page.waitForResponse('**/api/admin/notices')
    await openSection(page, 'tables')
    await expect(heading(page)).toBeVisible()
    const shownAt = (await heading(page).boundingBox())!.y
    // This server's site address is not set, so a banner is there; the panel came with it, not 0.8 s before it.
    await expect(page.getByTestId('notice-site-address')).toBeVisible()
    await noticesRead
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect((await heading(page).boundingBox())!.y).toBe(shownAt)
  })

  test('a panel waits 1.5 s for its banners at most', async ({ page }) => {
    await signInQuickly(page)
    await holdNotices(page, 6_000)
    let noticesRead = false
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/admin/notices') noticesRead = true
    })
    await openSection(page, 'tables')
    await expect(heading(page)).toBeVisible({ timeout: 4_000 })
    expect(noticesRead).toBe(false)
    // The held answer is still on its way when the page closes.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
})
