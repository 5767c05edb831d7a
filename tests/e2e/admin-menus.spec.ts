import { openSection, signInQuickly, staffApi } from './admin'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

/** The smallest well-formed one-page PDF. */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
type Section = { id: number; name: string; category: string; description: string; pdfUrl: string | null; imageUrls: string[]; backgroundImage: string | null; isActive: boolean }

test.describe('PDF Menus', () => {
  test('a new Sunday menu with a PDF opens in the /menu viewer', async ({ page, consoleErrors }) => {
    // A long flow (a PDF upload, a refused second section, the viewer): 24 s on a busy CI machine.
    test.slow()
    // The refused second Sunday section is answered 409, which the browser logs.
    consoleErrors.allow('status of 409')
    await signInQuickly(page)
    const sections = (await (await page.request.get('/api/admin/menu-sections')).json()) as Section[]
    const seeded = sections.find((s) => s.category === 'sunday')
    const name = `Sunday Roasts ${Date.now().toString(36)}`
    try {
      await openSection(page, 'menus')
      if (seeded) {
        await page.getByRole('button', { name: `Delete ${seeded.name}` }).click()
        await page.getByRole('alertdialog', { name: 'Delete this menu section?' }).getByRole('button', { name: 'Delete' }).click()
        await expect(toastWith(page, 'Success!')).toContainText('Deleted successfully!')
      }
      await expect(page.getByRole('note')).toContainText('Setup Required')
      await expect(page.getByRole('list', { name: 'Categories with no section' })).toContainText('Sunday')

      await page.getByRole('button', { name: 'Add Menu Section' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Menu Section' })
      await dialog.getByLabel('Name', { exact: true }).fill(name)
      await dialog.getByLabel('Category').selectOption('sunday')
      await dialog.getByLabel('Description').fill('Roast beef, pork or nut roast with all the trimmings.')
      await dialog.getByLabel('Upload PDF').setInputFiles({ name: 'sunday.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES })
      await expect(dialog.getByRole('button', { name: 'Remove PDF' })).toBeVisible()
      await dialog.getByRole('button', { name: 'Add Section' }).click()
      await page.getByRole('alertdialog', { name: 'Add this menu section?' }).getByRole('button', { name: 'Add Section' }).click()
      await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
      await expect(page.getByRole('article', { name })).toContainText('PDF')
      await expect(page.getByRole('list', { name: 'Categories with no section' })).toHaveCount(0)

      // A second Sunday section is refused with the server's reason, in the form.
      await page.getByRole('button', { name: 'Add Menu Section' }).click()
      await dialog.getByLabel('Name', { exact: true }).fill('Another Sunday')
      await dialog.getByLabel('Category').selectOption('sunday')
      await dialog.getByRole('button', { name: 'Add Section' }).click()
      await page.getByRole('alertdialog', { name: 'Add this menu section?' }).getByRole('button', { name: 'Add Section' }).click()
      await expect(dialog.getByRole('alert')).toContainText('There is already a Sunday section')
      // What was typed is not lost to a click beside the form: it asks first. (Clicked once the form is the top
      // layer again: Radix's dialog takes outside clicks only after it re-renders for the closed prompt, and a
      // click 130 ms after the refusal, on a slow CI host, went to nothing. See docs/decisions/0041.)
      await expect(dialog).toHaveCSS('pointer-events', 'auto')
      await page.mouse.click(5, 5)
      const discard = page.getByRole('alertdialog', { name: 'Discard changes?' })
      await discard.getByRole('button', { name: 'Keep Editing' }).click()
      await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Another Sunday')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await discard.getByRole('button', { name: 'Discard Changes' }).click()
      await expect(dialog).toBeHidden()

      await gotoHydrated(page, '/menu')
      await page.getByTestId('menu-card-sunday').click()
      const frame = page.getByTitle(`${name} (PDF)`)
      await expect(frame).toBeVisible()
      expect(await frame.getAttribute('src')).toMatch(/^\/uploads\/.+\.pdf$/)
    } finally {
      const now = (await (await page.request.get('/api/admin/menu-sections')).json()) as Section[]
      for (const s of now.filter((s) => s.category === 'sunday')) await staffApi(page, 'DELETE', `/api/admin/menu-sections/${s.id}`)
      if (seeded) {
        const { name: n, category, description, pdfUrl, imageUrls, backgroundImage, isActive } = seeded
        await staffApi(page, 'POST', '/api/admin/menu-sections', { name: n, category, description, pdfUrl, imageUrls, backgroundImage, isActive })
      }
    }
  })
})
