import { expect, test as base, type Page } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'

export { expect }

/** Fails a test on any console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
    },
    { auto: true },
  ],
})

/** Opens a page and waits until React has hydrated it (clicks before that would post plain forms). */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
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
