import type { Page } from '@playwright/test'
import { seriousViolations } from './axe'
import { CLS_BUDGET, cumulativeLayoutShift, gotoCountingScripts, jsBudgetKb } from './budgets'
import { signInQuickly } from './admin'
import { expect, gotoHydrated, test } from './fixtures'
import { PUBLIC_PAGES } from './public-pages'

// Each page is checked on its own: the tests spread over every worker (one file's worth of serial
// axe runs was the longest chain of the browser suite).
test.describe.configure({ mode: 'parallel' })

/** The back-office panels built so far, each checked signed in. */
const ADMIN_PANELS = ['reservations', 'pending', 'tables', 'hours', 'events', 'enquiries', 'menus', 'cocktails', 'hero-slides', 'marketing', 'email-templates', 'settings', 'guests', 'staff', 'audit', 'account']

/** A phone and a laptop: each page is loaded once and checked at both widths. */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

/**
 * axe at each width, the page resized in place, and whether the page fits the
 * width (a page wider than the phone pans sideways); the findings named by width.
 */
async function violationsAtEachWidth(page: Page, settle?: () => Promise<void>): Promise<string[]> {
  const found: string[] = []
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await settle?.()
    found.push(...(await seriousViolations(page)).map((v) => `${size.width} px: ${v}`))
    const wide = await page.evaluate(() => document.documentElement.scrollWidth)
    if (wide > size.width) found.push(`${size.width} px: the page is ${wide} px wide`)
  }
  return found
}

test.describe('axe on every public page', () => {
  test.use({ viewport: WIDTHS[0] })
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no serious or critical violations at 390 and 1280 px, and keeps its JavaScript and CLS budgets`, async ({ page, consoleErrors }) => {
      // axe at two widths, then a fresh load for the budgets: up to 18 s a page on a busy CI machine.
      test.slow()
      // The not-found pages are answered with their status, which the browser logs.
      if (path === '/no-such-page') consoleErrors.allow('status of 404')
      // The budgets that do not depend on the machine (npm run audit:web measures the rest), on the phone.
      const scriptKb = await gotoCountingScripts(page, path)
      test.info().annotations.push({ type: 'JavaScript during load', description: `${scriptKb.toFixed(1)} KB gzip` })
      const budget = jsBudgetKb(path)
      if (budget) expect(scriptKb, `JavaScript fetched while ${path} loads, KB gzip`).toBeLessThanOrEqual(budget)
      const shift = await cumulativeLayoutShift(page)
      expect(shift.value, `CLS of ${path} at 390 px; what moved:\n${shift.moved.join('\n')}`).toBeLessThanOrEqual(CLS_BUDGET)
      // Check the page with the cookie banner showing, as a first-time visitor sees it (never on /login).
      const banner = async () => {
        if (path !== '/login') await expect(page.getByTestId('cookie-banner')).toBeVisible()
      }
      expect(await violationsAtEachWidth(page, banner)).toEqual([])
    })
  }
})

test('the mobile menu, open, has no serious or critical violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The menu button works once the page has hydrated (its script loads after the first paint).
  await gotoHydrated(page, '/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

/** Dialogs checked open, as staff use them: the section, the button that opens it and the dialog's name. */
const ADMIN_DIALOGS = [
  ['reservations', 'New Booking'],
  ['hero-slides', 'Add Slide'],
  ['menus', 'Add Menu Section'],
  ['tables', 'Add Area'],
] as const

test.describe('axe on the back-office', () => {
  test.use({ viewport: WIDTHS[0] })
  // One test a panel, so a slow machine does not run a long list into the time limit.
  for (const section of ADMIN_PANELS) {
    test(`${section} has no serious or critical violations at 390 and 1280 px`, async ({ page }) => {
      await signInQuickly(page)
      await page.goto(`/admin?section=${section}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('status')).toHaveCount(0)
      expect(await violationsAtEachWidth(page), section).toEqual([])
    })
  }
  for (const [section, name] of ADMIN_DIALOGS) {
    test(`the ${name} dialog, open, has no serious or critical violations at 390 and 1280 px`, async ({ page }) => {
      await signInQuickly(page)
      await page.goto(`/admin?section=${section}`)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await page.getByRole('button', { name }).click()
      await expect(page.getByRole('dialog', { name })).toBeVisible()
      expect(await violationsAtEachWidth(page), `${name} dialog`).toEqual([])
    })
  }
})
