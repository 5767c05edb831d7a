import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const require = createRequire(import.meta.url)
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Every public page, and the staff sign-in page. */
const PUBLIC_PAGES = [
  '/',
  '/menu',
  '/cocktails',
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

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

async function seriousViolations(page: Page): Promise<string[]> {
  // page.evaluate is not subject to the page's CSP, unlike an injected <script>.
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run()).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`)
}

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
