import { expect, test as base, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'

export { expect }

/** The console errors and uncaught page errors of a test; `allow` names those the test causes on purpose. */
export type ConsoleErrors = string[] & { allow: (...patterns: (string | RegExp)[]) => void }

/** Fails a test on any console error or uncaught page error it did not `allow`. */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: (string | RegExp)[] = []
      const errors = Object.assign([] as string[], { allow: (...patterns: (string | RegExp)[]) => void allowed.push(...patterns) })
      page.on('console', (msg) => {
        // Playwright's trace recorder fetches blob: images from inside the page, which the CSP rightly
        // refuses (seen only with tracing on); the app itself never fetches a blob.
        if (msg.type() === 'error' && !msg.text().startsWith("Connecting to 'blob:")) errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
      const unexpected = errors.filter((e) => !allowed.some((p) => (typeof p === 'string' ? e.includes(p) : p.test(e))))
      // A test that failed already keeps its own failure as the one reported.
      if (testInfo.status === testInfo.expectedStatus) expect(unexpected, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

/** Opens a page and waits until React has hydrated it (clicks before that would post plain forms). */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * Runs a page at a fixed instant: its scripts (Date) and every request it makes,
 * which the test server (TEST_CLOCK_HEADER) answers as if it were that moment.
 */
export async function atFixedTime(page: Page, iso: string) {
  await page.setExtraHTTPHeaders({ 'X-Test-Now': iso })
  await page.clock.setFixedTime(new Date(iso))
}

export async function signIn(page: Page) {
  await gotoHydrated(page, '/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await expect(page).toHaveURL(/\/admin/)
}

/**
 * A toast on screen, found by its text: its item in the notification region. (Radix's
 * role="status" copy of a toast is a screen-reader announcement that lasts one second,
 * too short to wait for on a busy machine.)
 */
export function toastWith(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: text })
}
