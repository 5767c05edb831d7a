import type { Page } from '@playwright/test'
import { parseHoursBlocks } from '#common/hours-display'
import { COCKTAILS_DEFAULTS, FOOTER_SETTING_DEFAULTS, VENUE_SETTING_DEFAULTS } from '#common/settings'
import { expect, gotoHydrated, test } from './fixtures'

// The demo venue is seeded with the menu sections of server/menu/menu-seed.ts:
// food (two illustrated pages), vegan, sunday, desserts, and a PDF wine list.

const viewer = (page: Page) => page.getByRole('dialog')

test.describe('/menu', () => {
  test('opens a section in the full-screen viewer and closes it with the button and Escape, focus back on the card', async ({
    page,
  }) => {
    await gotoHydrated(page, '/menu')
    const cards = page.locator('[data-testid^="menu-card-"]')
    await expect(cards).toHaveCount(5)
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual([
      'menu-card-food',
      'menu-card-vegan',
      'menu-card-sunday',
      'menu-card-desserts',
      'menu-card-wine',
    ])

    const food = page.getByTestId('menu-card-food')
    await food.click()
    await expect(viewer(page)).toBeVisible()
    await expect(viewer(page).getByRole('heading', { name: 'Food Menu' })).toBeVisible()
    const firstPage = viewer(page).getByRole('img', { name: 'Food menu page 1' })
    await expect(firstPage).toBeVisible()
    await expect(viewer(page).getByRole('img', { name: 'Food menu page 2' })).toBeAttached()
    await expect.poll(() => firstPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    // The viewer covers the whole window once it has faded in (it fades rather than
    // sliding in like the small dialogs, whose centring transform would throw it off screen).
    await viewer(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    const box = await viewer(page).boundingBox()
    const size = page.viewportSize()!
    expect(box).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height })

    await viewer(page).getByRole('button', { name: 'Close' }).click()
    await expect(viewer(page)).toBeHidden()
    await expect(food).toBeFocused()

    await food.press('Enter')
    await expect(viewer(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(viewer(page)).toBeHidden()
    await expect(food).toBeFocused()
  })

  test('shows a PDF section in a frame', async ({ page }) => {
    await gotoHydrated(page, '/menu')
    await page.getByTestId('menu-card-wine').click()
    const frame = viewer(page).locator('iframe')
    await expect(frame).toBeVisible()
    await expect(frame).toHaveAttribute('title', 'Wine List (PDF)')
    await expect(frame).toHaveAttribute('src', '/images/menu/wine-list.pdf')
    const pdf = await page.request.get('/images/menu/wine-list.pdf')
    expect(pdf.headers()['content-type']).toContain('application/pdf')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('menu-card-wine')).toBeFocused()
  })

  test('stamps the background image with updatedAt and falls back to the default picture when it fails', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/images/tile-menu-*.webp?v=*', (route) => route.fulfill({ status: 404, body: 'gone' }))
    await page.goto('/menu')
    const background = page.getByTestId('menu-card-food').locator('img')
    await expect(background).toHaveAttribute('src', /\/images\/menu-default-/)
    await expect(background).toHaveAttribute('data-fallback', 'true')
    await background.scrollIntoViewIfNeeded()
    await expect.poll(() => background.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

    // A card whose picture loads keeps its stamped URL.
    await expect(page.getByTestId('menu-card-vegan').locator('img')).toHaveAttribute(
      'src',
      /^\/images\/venue-garden-960\.webp\?v=\d{10,}$/,
    )
    // The only error is the broken picture itself.
    consoleErrors.allow(/Failed to load resource.*404/)
  })
})

test('/cocktails shows the offer, its times, four gallery pictures and a link to /contact', async ({
  page,
}) => {
  await page.goto('/cocktails')
  await expect(page.getByRole('heading', { level: 1, name: 'Cocktails' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '2 for £14' })).toBeVisible()
  await expect(page.getByText(COCKTAILS_DEFAULTS.specialOfferTimes)).toBeVisible()
  expect(COCKTAILS_DEFAULTS.specialOfferTimes).toBe('Wednesday to Saturday, 6:00pm to 9:00pm')
  await expect(page.getByText(COCKTAILS_DEFAULTS.introText)).toBeVisible()

  const gallery = page.locator('section[aria-labelledby="gallery-title"] img')
  await expect(gallery).toHaveCount(4)
  for (const img of await gallery.all()) {
    await img.scrollIntoViewIfNeeded()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
    await expect(img).toHaveAttribute('alt', /.+/)
  }
  await expect(page.locator('main a[href="/contact"]')).toHaveCount(1)
})

test('/christmas shows the price, deposit, dates, DJ times, menu and the Christmas phone number', async ({
  page,
}) => {
  await page.goto('/christmas')
  const main = page.locator('main')
  await expect(main.getByText('£45 per person', { exact: true })).toBeVisible()
  await expect(main.getByText('£10 deposit per person', { exact: true })).toBeVisible()
  await expect(main.getByText('Tuesday 2nd and 9th December', { exact: true })).toBeVisible()
  await expect(main.getByText('DJ 9:00pm to 11:30pm', { exact: true })).toBeVisible()
  await expect(main.getByRole('img', { name: /Christmas party menu/ })).toBeAttached()
  const phone = VENUE_SETTING_DEFAULTS.venue_christmas_phone
  await expect(main.locator(`a[href="tel:${phone.replace(/\s/g, '')}"]`).first()).toBeVisible()
})

test('/private-hire shows the garden, its gallery and a link to /contact', async ({ page }) => {
  await page.goto('/private-hire')
  await expect(page.getByRole('heading', { level: 1, name: 'Hire the Garden' })).toBeVisible()
  await expect(page.locator('section[aria-labelledby="garden-gallery"] img')).toHaveCount(4)
  await expect(page.locator('main a[href="/contact"]').first()).toBeVisible()
})

test('/contact shows the address, phone, email, opening hours and a link to /booking', async ({
  page,
}) => {
  await page.goto('/contact')
  const main = page.locator('main')
  await expect(main.locator('address')).toContainText('12 Church Lane')
  await expect(main.locator('address')).toContainText('SG11 2DX')
  const phone = VENUE_SETTING_DEFAULTS.venue_phone
  await expect(main.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s/g, '')}`)
  await expect(main.locator(`a[href="mailto:${VENUE_SETTING_DEFAULTS.venue_email}"]`)).toBeVisible()
  const hours = parseHoursBlocks(FOOTER_SETTING_DEFAULTS.footer_opening_hours)
  expect(hours.length).toBeGreaterThan(3)
  for (const line of hours) {
    const row = main.locator('dl div').filter({ has: page.locator('dt', { hasText: line.day }) })
    await expect(row.locator('dd')).toHaveText(line.hours)
  }
  await expect(main.getByText(FOOTER_SETTING_DEFAULTS.footer_kitchen_hours)).toBeVisible()
  await expect(main.getByRole('link', { name: 'Book a Table' }).first()).toHaveAttribute('href', '/booking')
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent()
  expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Restaurant', acceptsReservations: true })
})

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  const PAGES: [string, string[]][] = [
    ['/menu', ['Our Menus', 'Food Menu', 'Wine List']],
    ['/cocktails', ['Cocktails', '2 for £14', 'Wednesday to Saturday, 6:00pm to 9:00pm']],
    ['/christmas', ['Christmas Party Nights', '£45 per person', '£10 deposit per person', 'DJ 9:00pm to 11:30pm']],
    ['/private-hire', ['Hire the Garden', 'What is included']],
    ['/contact', ['Contact Us', '12 Church Lane', 'Opening hours']],
  ]
  for (const [path, texts] of PAGES) {
    test(`${path} is readable from the server-rendered HTML`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      for (const text of texts) await expect(page.locator('main').getByText(text).first()).toBeVisible()
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`))
    })
  }
})
