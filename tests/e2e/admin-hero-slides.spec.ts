import type { Page } from '@playwright/test'
import { openSection, signInQuickly, staffApi } from './admin'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

const slideOnHome = (page: Page, title: string) =>
  page.getByTestId('hero-slider').locator('[aria-roledescription="slide"]', { has: page.locator('h2', { hasText: title }) })

test.describe('Hero Slides', () => {
  test('a slide from an existing image with two buttons shows on the home slider, and goes once deactivated', async ({ page }) => {
    // A long flow (a dialog, the home slider, deactivating): 25 s on a busy CI machine.
    test.slow()
    await signInQuickly(page)
    const title = `Winter Warmers ${Date.now().toString(36)}`
    try {
      await openSection(page, 'hero-slides')
      await page.getByRole('button', { name: 'Add Slide' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Slide' })
      await dialog.getByLabel('Title', { exact: true }).fill(title)
      await dialog.getByLabel('Subtitle').fill('By the fire')
      await dialog.getByLabel('Description', { exact: true }).fill('Mulled wine and pies, every evening in December.')
      // SPEC.md section 5: a button needs its text and its link.
      await dialog.getByRole('button', { name: 'Add Button' }).click()
      await dialog.getByRole('button', { name: 'Add Slide' }).click()
      await expect(dialog.getByText('Button text is required')).toBeVisible()
      await expect(dialog.getByText('Button link is required')).toBeVisible()
      await expect(dialog.getByText('Image is required')).toBeVisible()
      await dialog.getByRole('button', { name: 'Remove button 1' }).click()

      await dialog.getByRole('button', { name: 'Garden View' }).click()
      await expect(dialog.getByRole('button', { name: 'Garden View' })).toHaveAttribute('aria-pressed', 'true')
      await dialog.getByRole('button', { name: 'Quick add: Book a Table (/contact)' }).click()
      await dialog.getByRole('button', { name: 'Quick add: View Menu (/menu)' }).click()
      await expect(dialog.getByLabel('Button 2 link')).toHaveValue('/menu')
      await dialog.getByRole('button', { name: 'Add Slide' }).click()
      await page.getByRole('alertdialog', { name: 'Add this slide?' }).getByRole('button', { name: 'Add Slide' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Hero slide created successfully')
      const item = page.getByRole('article', { name: title })
      await expect(item).toContainText('Active')
      await expect(item).toContainText('Book a Table → /contact')
      await expect(item).toContainText('View Menu → /menu')

      await gotoHydrated(page, '/')
      const slide = slideOnHome(page, title)
      await expect(slide).toHaveCount(1)
      await expect(slide.locator('img')).toHaveAttribute('src', /venue-garden/)
      await expect(slide.getByText('By the fire')).toBeAttached()
      const links = slide.locator('a')
      await expect(links).toHaveCount(2)
      await expect(links.nth(0)).toHaveAttribute('href', '/contact')
      await expect(links.nth(1)).toHaveAttribute('href', '/menu')

      await openSection(page, 'hero-slides')
      await page.getByRole('switch', { name: `Active: ${title}` }).click()
      await page.getByRole('alertdialog', { name: 'Hide this slide?' }).getByRole('button', { name: 'Hide' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Hero slide updated successfully')
      await expect(page.getByRole('article', { name: title })).toContainText('Inactive')

      await gotoHydrated(page, '/')
      await expect(page.getByTestId('hero-slider')).toBeVisible()
      await expect(slideOnHome(page, title)).toHaveCount(0)
    } finally {
      const slides = (await (await page.request.get('/api/admin/hero-slides')).json()) as { id: number; title: string }[]
      for (const s of slides.filter((s) => s.title === title)) await staffApi(page, 'DELETE', `/api/admin/hero-slides/${s.id}`)
    }
  })

  test('without a connection a form or a panel that cannot load says so, and opens on Try again', async ({ page, context, consoleErrors }) => {
    consoleErrors.allow('Failed to fetch dynamically imported module', 'net::ERR_INTERNET_DISCONNECTED', 'Failed to fetch')
    await signInQuickly(page)
    await openSection(page, 'hero-slides')
    await expect(page.getByRole('button', { name: 'Add Slide' })).toBeVisible()
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Add Slide' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'This did not open' })
    await expect(alert).toBeVisible()
    await context.setOffline(false)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: 'Add Slide' })).toBeVisible()
    await page.getByRole('dialog', { name: 'Add Slide' }).getByRole('button', { name: 'Cancel' }).click()

    // A section whose panel has not loaded yet, opened offline: the back-office stays, with the reason in the panel's place.
    await context.setOffline(true)
    await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Audit Log' }).click()
    const failed = page.getByRole('main').getByRole('alert').filter({ hasText: 'This did not open: the connection may have dropped.' })
    await expect(failed).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Administrator' })).toBeVisible()
    await context.setOffline(false)
    await failed.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  })

  test('deleting a slide asks first and says so', async ({ page }) => {
    await signInQuickly(page)
    const title = `Doomed ${Date.now().toString(36)}`
    await staffApi(page, 'POST', '/api/admin/hero-slides', {
      title,
      subtitle: 'Gone soon',
      description: 'A slide to delete.',
      image: '/images/venue-bar-960.webp',
      buttons: [],
      isActive: false,
    })
    await openSection(page, 'hero-slides')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('alertdialog', { name: 'Delete this slide?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Hero slide deleted successfully')
    await expect(page.getByRole('article', { name: title })).toHaveCount(0)
  })

  test("a slide deleted by keyboard leaves focus on the next slide's Delete, or the one before for the last", async ({ page }) => {
    await signInQuickly(page)
    const stamp = Date.now().toString(36)
    const [first, middle, last] = [`First ${stamp}`, `Middle ${stamp}`, `Last ${stamp}`]
    // At the end of the list (it is ordered by `order`), whatever other tests add meanwhile.
    for (const [i, title] of [first, middle, last].entries()) {
      await staffApi(page, 'POST', '/api/admin/hero-slides', { title, subtitle: 'Gone soon', description: 'A slide to delete.', image: '/images/venue-bar-960.webp', buttons: [], isActive: false, order: 97 + i })
    }
    await openSection(page, 'hero-slides')
    const deleteByKeyboard = async (title: string) => {
      await page.getByRole('button', { name: `Delete ${title}` }).focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('alertdialog', { name: 'Delete this slide?' })
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(dialog).toHaveCount(0)
      await expect(page.getByRole('article', { name: title })).toHaveCount(0)
    }
    // Its card leaves the list once it is read again: focus goes on to the card that took its place, not to the page.
    await deleteByKeyboard(first)
    await expect(page.getByRole('button', { name: `Delete ${middle}` })).toBeFocused()
    await deleteByKeyboard(last)
    await expect(page.getByRole('button', { name: `Delete ${middle}` })).toBeFocused()
    // Enter goes on deleting from there.
    await deleteByKeyboard(middle)
    await expect(page.getByRole('article', { name: middle })).toHaveCount(0)
  })
})
