import { openSection, signInQuickly, staffApi } from './admin'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

test.describe('Cocktails Page Content', () => {
  test('a changed offer shows on /cocktails; a file that is not an image is refused in an Upload Error dialog', async ({ page, consoleErrors }) => {
    await signInQuickly(page)
    consoleErrors.allow('status of 415')
    const original = await (await page.request.get('/api/admin/cocktails-content')).json()
    const title = `3 for £20 ${Date.now().toString(36)}`
    try {
      await openSection(page, 'cocktails')
      await expect(page.getByText(original.specialOfferTitle, { exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Edit Content' }).click()
      await page.getByLabel('Offer title').fill(title)
      await page.getByLabel('Offer details').fill('Any three classic cocktails for £20')
      await page.getByLabel('Offer times').fill('Fridays, 5:00pm to 7:00pm')

      await page.getByLabel('Upload gallery images').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
      const uploadError = page.getByRole('alertdialog', { name: 'Upload Error' })
      await expect(uploadError).toContainText('Please select an image file')
      await uploadError.getByRole('button', { name: 'OK' }).click()
      // A file named as a picture that is not one: the server's reason is given, not only that it failed.
      await page.getByLabel('Upload gallery images').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture either') })
      await expect(uploadError).toContainText('Failed to upload fake.png: Unsupported file type.')
      await uploadError.getByRole('button', { name: 'OK' }).click()

      await page.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Confirm' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      // Back to view mode, showing what was saved.
      await expect(page.getByRole('button', { name: 'Edit Content' })).toBeVisible()
      await expect(page.getByText(title, { exact: true })).toBeVisible()

      await gotoHydrated(page, '/cocktails')
      await expect(page.getByText(title)).toBeVisible()
      await expect(page.getByText('Any three classic cocktails for £20')).toBeVisible()
      await expect(page.getByText('Fridays, 5:00pm to 7:00pm')).toBeVisible()
    } finally {
      // Put the page back at the version it is at now (the test's save raised it).
      const now = await (await page.request.get('/api/admin/cocktails-content')).json()
      await staffApi(page, 'POST', '/api/admin/cocktails-content', { ...original, version: now.version })
    }
  })
})
