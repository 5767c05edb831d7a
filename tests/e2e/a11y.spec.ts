import { seriousViolations } from './axe'
import { signInQuickly } from './admin'
import { expect, test } from './fixtures'

/** Every public page, and the staff sign-in page. */
const PUBLIC_PAGES = [
  '/',
  '/menu',
  '/cocktails',
  '/events',
  '/events/acoustic-friday-the-hadham-folk-trio',
  '/christmas',
  '/private-hire',
  '/contact',
  '/booking',
  '/login',
  '/privacy-policy',
  '/terms-conditions',
  '/cookies-policy',
  '/accessibility',
  '/no-such-page',
]

/** The back-office panels built so far, each checked signed in. */
const ADMIN_PANELS = ['reservations', 'pending', 'hours', 'events', 'enquiries', 'menus', 'cocktails', 'hero-slides', 'marketing', 'email-templates', 'settings']

for (const width of [390, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } })
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page, consoleErrors }) => {
        // The not-found page is answered with its status, which the browser logs.
        if (path === '/no-such-page') consoleErrors.allow('status of 404')
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        // Check the page with the cookie banner showing, as a first-time visitor sees it (never on /login).
        if (path !== '/login') await expect(page.getByTestId('cookie-banner')).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  })
}

test('the mobile menu, open, has no serious or critical violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

/** Dialogs checked open, as staff use them: the section, the button that opens it and the dialog's name. */
const ADMIN_DIALOGS = [
  ['reservations', 'New Booking'],
  ['hero-slides', 'Add Slide'],
  ['menus', 'Add Menu Section'],
] as const

for (const width of [390, 1280]) {
  test.describe(`the back-office at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } })
    // One test a panel, so a slow machine does not run a long list into the time limit.
    for (const section of ADMIN_PANELS) {
      test(`${section} has no serious or critical violations`, async ({ page }) => {
        await signInQuickly(page)
        await page.goto(`/admin?section=${section}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('status')).toHaveCount(0)
        expect(await seriousViolations(page), section).toEqual([])
      })
    }
    for (const [section, name] of ADMIN_DIALOGS) {
      test(`the ${name} dialog, open, has no serious or critical violations`, async ({ page }) => {
        await signInQuickly(page)
        await page.goto(`/admin?section=${section}`)
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        await page.getByRole('button', { name }).click()
        await expect(page.getByRole('dialog', { name })).toBeVisible()
        expect(await seriousViolations(page), `${name} dialog`).toEqual([])
      })
    }
  })
}
