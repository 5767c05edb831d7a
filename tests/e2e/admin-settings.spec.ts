import { openSection, settingVersion, signInQuickly, staffApi } from './admin'
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
      await staffApi(page, 'PUT', '/api/admin/site-settings/footer_opening_hours', { value: original, version: await settingVersion(page, 'footer_opening_hours') })
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

  test('the guest emails are set and saved, and a bad value is refused with its rule', async ({ page }) => {
    await signInQuickly(page)
    const keys = ['booking_reminder_hours_before', 'review_request_send_time', 'review_request_url']
    const stored = async () =>
      Object.fromEntries(
        ((await (await page.request.get('/api/admin/site-settings')).json()) as { settingKey: string; settingValue: string }[])
          .filter((s) => keys.includes(s.settingKey))
          .map((s) => [s.settingKey, s.settingValue]),
      )
    const original = await stored()
    try {
      await openSection(page, 'settings')
      const guestEmails = page.getByRole('region', { name: 'Guest Emails' })
      const reminder = guestEmails.getByLabel('Reminder before a visit (hours)')
      const sendTime = guestEmails.getByLabel('Review request time')
      const link = guestEmails.getByLabel('Review link')
      await expect(reminder).toHaveValue(original.booking_reminder_hours_before!)

      await reminder.fill('200')
      await link.fill('www.example.com/review')
      await guestEmails.getByRole('button', { name: 'Save Guest Emails' }).click()
      await expect(guestEmails.getByText('Reminder must be a whole number of hours from 0 to 168')).toBeVisible()
      await expect(guestEmails.getByText('Review link must be a web address starting with https://')).toBeVisible()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)

      await reminder.fill('48')
      await sendTime.fill('11:30')
      await link.fill('https://example.com/review-the-wheatsheaf')
      await guestEmails.getByRole('button', { name: 'Save Guest Emails' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Save guest emails?' })
      await expect(confirm).toContainText('Reminder before a visit (hours), Review request time, Review link')
      await confirm.getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      expect(await stored()).toEqual({ booking_reminder_hours_before: '48', review_request_send_time: '11:30', review_request_url: 'https://example.com/review-the-wheatsheaf' })

      await openSection(page, 'settings')
      await expect(reminder).toHaveValue('48')
      await expect(sendTime).toHaveValue('11:30')
      await expect(link).toHaveValue('https://example.com/review-the-wheatsheaf')
    } finally {
      for (const key of keys) await staffApi(page, 'PUT', `/api/admin/site-settings/${key}`, { value: original[key], version: await settingVersion(page, key) })
    }
  })

  test("the site's own address is set in Venue Details, checked, and used by the sitemap", async ({ page }) => {
    await signInQuickly(page)
    const original = ((await (await page.request.get('/api/site-settings/site_url')).json()) as { value: string }).value
    try {
      await openSection(page, 'settings')
      const venue = page.getByRole('region', { name: 'Venue Details' })
      const address = venue.getByLabel('Site address')
      await expect(address).toHaveValue(original)
      await expect(venue).toContainText("The links in guests' emails")

      await address.fill('www.thewheatsheafinn.co.uk')
      await venue.getByRole('button', { name: 'Save Venue Details' }).click()
      await expect(venue.getByText('Site address must be a web address starting with https://')).toBeVisible()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)

      // The same address with a trailing slash: other tests running beside this one read links built on it.
      await address.fill(`${original}/`)
      await venue.getByRole('button', { name: 'Save Venue Details' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      expect(((await (await page.request.get('/api/site-settings/site_url')).json()) as { value: string }).value).toBe(`${original}/`)
      const sitemap = await (await page.request.get('/sitemap.xml')).text()
      expect(sitemap).toContain(`<loc>${original}/menu</loc>`)
    } finally {
      await staffApi(page, 'PUT', '/api/admin/site-settings/site_url', { value: original, version: await settingVersion(page, 'site_url') })
    }
  })
  test('without a site address a banner across the back-office asks for it, and goes once it is set', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInQuickly(page)
    const original = ((await (await page.request.get('/api/site-settings/site_url')).json()) as { value: string }).value
    expect(original).toMatch(/^http:\/\/localhost[:/]/)
    try {
      await openSection(page, 'reservations')
      const banner = page.getByTestId('notice-site-address')
      await expect(banner).toContainText('Set the site address')
      await expect(banner).toContainText("the links in guests' emails lead to this computer (localhost)")
      await expect(banner).toBeInViewport()
      await banner.getByRole('link', { name: 'Set it in Settings' }).click()
      await expect(page).toHaveURL(/section=settings/)
      const venue = page.getByRole('region', { name: 'Venue Details' })
      await venue.getByLabel('Site address').fill('https://www.thewheatsheafinn.co.uk')
      await venue.getByRole('button', { name: 'Save Venue Details' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      // Staff here reach the site at localhost, which says nothing about the public address: no mismatch.
      await expect(banner).toHaveCount(0)
      await openSection(page, 'hours')
      await expect(page.getByRole('heading', { name: 'Table Booking Hours' })).toBeVisible()
      await expect(banner).toHaveCount(0)
    } finally {
      await staffApi(page, 'PUT', '/api/admin/site-settings/site_url', { value: original, version: await settingVersion(page, 'site_url') })
    }
    await openSection(page, 'reservations')
    await expect(page.getByTestId('notice-site-address')).toBeVisible()
  })
})
