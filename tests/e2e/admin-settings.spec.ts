import { openSection, signInQuickly, staffApi } from './admin'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

test.describe('Website Settings', () => {
  test('an edited opening-hours display shows in the footer and the mobile menu', async ({ page }) => {
    await signInQuickly(page)
    const original = ((await (await page.request.get('/api/admin/site-settings')).json()) as { settingKey: string; settingValue: string }[]).find(
      (s) => s.settingKey === 'footer_opening_hours',
    )!.settingValue
    const day = `Bank Holidays ${Date.now().toString(36)}`
    try {
      await openSection(page, 'settings')
      const editor = page.getByRole('region', { name: 'Opening Hours Display' })
      const lines = editor.getByTestId('hours-line')
      await expect(lines.first()).toBeVisible()
      const before = await lines.count()
      await editor.getByRole('button', { name: 'Add Day' }).click()
      await expect(lines).toHaveCount(before + 1)
      await editor.getByLabel(`Day ${before + 1}`, { exact: true }).fill(day)
      await editor.getByLabel(`Hours ${before + 1}`, { exact: true }).fill('12:00pm – 6:00pm')
      // Up one: before the last line (Sunday).
      await editor.getByRole('button', { name: `Move day ${before + 1} up` }).click()
      await expect(editor.getByLabel(`Day ${before}`, { exact: true })).toHaveValue(day)
      await editor.getByRole('button', { name: 'Save Opening Hours' }).click()
      await page.getByRole('alertdialog', { name: 'Save the opening hours?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')

      await gotoHydrated(page, '/contact')
      const footer = page.getByTestId('footer-hours')
      await expect(footer).toContainText(`${day}12:00pm – 6:00pm`)
      const footerText = (await footer.textContent())!
      expect(footerText.indexOf(day)).toBeLessThan(footerText.indexOf('Sunday'))

      await page.setViewportSize({ width: 390, height: 844 })
      await page.getByRole('button', { name: 'Open menu' }).click()
      const close = page.getByRole('button', { name: 'Close menu' })
      const menu = page.locator(`#${await close.getAttribute('aria-controls')}`.replace(/:/g, '\\:'))
      await expect(menu.getByText(day)).toBeVisible()
    } finally {
      await staffApi(page, 'PUT', '/api/admin/site-settings/footer_opening_hours', { value: original })
    }
  })

  test('the last day cannot be removed, and booking numbers are checked before saving', async ({ page }) => {
    await signInQuickly(page)
    await openSection(page, 'settings')
    const editor = page.getByRole('region', { name: 'Opening Hours Display' })
    const lines = editor.getByTestId('hours-line')
    await expect(lines.first()).toBeVisible()
    while ((await lines.count()) > 1) await editor.getByRole('button', { name: 'Remove day 1' }).click()
    await expect(editor.getByRole('button', { name: 'Remove day 1' })).toBeDisabled()

    const booking = page.getByRole('region', { name: 'Booking Settings' })
    await booking.getByLabel('Seats (guests)').fill('0')
    await booking.getByLabel('Table time (minutes)').fill('100')
    await booking.getByRole('button', { name: 'Save Booking Settings' }).click()
    await expect(booking.getByText('Seats must be a whole number from 1 to 1000')).toBeVisible()
    await expect(booking.getByText('Table time must be a multiple of 30 minutes')).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  })
})
