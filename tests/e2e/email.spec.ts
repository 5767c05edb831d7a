import type { Page } from '@playwright/test'
import { openSection, signInQuickly, staffApi } from './admin'
import { withServerDatabase } from './db'
import { expect, test, toastWith } from './fixtures'
import { mailTo } from './mail'

let n = 0
/**
 * A booking made as a guest's browser makes it, for a Saturday well ahead: after
 * the Saturdays other tests close or change (booking.spec.ts closes the seventh
 * from now while it runs, which a booking here at the same moment would meet).
 */
async function bookAsGuest(page: Page, email: string) {
  const date = new Date(Date.now() + 100 * 86_400_000)
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1)
  const res = await page.request.post('/api/reservations', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { name: 'Mail Guest', email, phone: '07700 900 222', date: date.toISOString().slice(0, 10), startTime: `${13 + (++n % 8)}:00`, partySize: 2 },
  })
  expect(res.status()).toBe(201)
}

test.describe('Email Templates', () => {
  test('staff change a greeting, the preview shows it, and the next booking email carries it', async ({ page, consoleErrors }) => {
    // The sandboxed preview frame refuses scripts on purpose (see the reminder test below).
    consoleErrors.allow("Blocked script execution in 'about:srcdoc'")
    await signInQuickly(page)
    const greeting = `Good evening {{customerName}}, from the ${Date.now()} team`
    const templates = (await (await page.request.get('/api/admin/email-templates')).json()) as { id: number; templateKey: string; greetingText: string }[]
    const confirmed = templates.find((t) => t.templateKey === 'booking_confirmed')!
    try {
      await openSection(page, 'email-templates')
      const row = page.getByTestId('template-booking_confirmed')
      await row.getByRole('button', { name: 'Edit' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Template' })
      await expect(dialog.getByRole('tab', { name: 'Styling & Layout' })).toHaveAttribute('aria-selected', 'true')
      await dialog.getByLabel('Greeting').fill(greeting)
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByRole('alertdialog', { name: 'Save this template?' }).getByRole('button', { name: 'Save' }).click()
      await expect(toastWith(page, 'Template Updated')).toBeVisible()

      await row.getByRole('button', { name: 'Preview' }).click()
      // The frame is sandboxed without scripts, so the test reads what it was given
      // rather than querying inside it (Playwright's own script would be blocked there).
      const frame = page.locator('iframe[title^="Email preview"]')
      await expect(frame).toHaveAttribute('srcdoc', new RegExp(greeting.replace('{{customerName}}', 'Ann Guest')))

      const email = `greeting-${Date.now()}@example.com`
      await bookAsGuest(page, email)
      const mail = await mailTo(email)
      expect(mail.html).toContain(greeting.replace('{{customerName}}', 'Mail Guest'))
    } finally {
      await staffApi(page, 'PUT', `/api/admin/email-templates/${confirmed.id}`, { ...(await templateBody(page, confirmed.id)), greetingText: confirmed.greetingText })
    }
  })

  test('a broken template shows Preview Error in the frame', async ({ page, consoleErrors }) => {
    await signInQuickly(page)
    const key = `broken_${Date.now()}`
    // Saving refuses such a template now; one stored before that, or written straight to the database, still previews.
    const created = await withServerDatabase(async (db) => {
      const { rows } = await db.query<{ id: number }>(
        `insert into email_templates (template_key, name, subject, text_content, html_content) values ($1, 'Broken', 'Hi', 'x', '<p>{{#unclosed}}</p>') returning id`,
        [key],
      )
      return rows[0]!
    })
    try {
      await openSection(page, 'email-templates')
      await page.getByTestId(`template-${key}`).getByRole('button', { name: 'Preview' }).click()
      const alert = page.getByRole('dialog', { name: 'Preview: Broken' }).getByRole('alert')
      await expect(alert).toContainText('Preview Error')
      await expect(alert).toContainText('Could not generate email preview. Please check the template configuration.')
      consoleErrors.allow('status of 422')
    } finally {
      await staffApi(page, 'DELETE', `/api/admin/email-templates/${created.id}`)
    }
  })

  test('Save goes to the field in error on another tab, and a {{ never closed is refused beside its field', async ({ page, consoleErrors }) => {
    await signInQuickly(page)
    await openSection(page, 'email-templates')
    await page.getByTestId('template-booking_confirmed').getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Template' })
    await dialog.getByRole('tab', { name: 'Content' }).click()
    await dialog.getByLabel('Subject').fill('')
    await dialog.getByRole('tab', { name: 'Styling & Layout' }).click()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByLabel('Subject')).toBeFocused()
    await expect(dialog).toContainText('Subject is required')

    await dialog.getByLabel('Subject').fill('Your table at {{venueName}}')
    await dialog.getByLabel('Text content').fill('See you at {{time}} {{ broken')
    await dialog.getByRole('tab', { name: 'HTML Code' }).click()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('alertdialog', { name: 'Save this template?' }).getByRole('button', { name: 'Save' }).click()
    consoleErrors.allow('status of 400')
    const message = 'Text content: a {{ has no }} to close it: write a variable as {{customerName}}'
    await expect(dialog.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByLabel('Text content')).toBeFocused()
    await expect(dialog.getByLabel('Text content')).toHaveAccessibleDescription(new RegExp(message.replace(/[{}]/g, '\\$&')))
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    const stored = (await (await page.request.get('/api/admin/email-templates')).json()) as { templateKey: string; textContent: string }[]
    expect(stored.find((t) => t.templateKey === 'booking_confirmed')!.textContent).not.toContain('broken')
  })

  test('the booking reminder and the review request are listed, and preview with their sample links', async ({ page, consoleErrors }) => {
    // The preview frame is sandboxed without scripts, on purpose; Chromium logs it when anything (Playwright's own
    // helpers included) tries to run a script there. That refusal is the sandbox working, not an error of the page.
    consoleErrors.allow("Blocked script execution in 'about:srcdoc'")
    await signInQuickly(page)
    await openSection(page, 'email-templates')
    const samples = [
      { key: 'booking_reminder', name: 'Booking reminder', link: 'https://example.com/booking/manage/sample' },
      { key: 'review_request', name: 'Review request', link: 'https://example.com/review' },
    ]
    for (const { key, name, link } of samples) {
      await page.getByTestId(`template-${key}`).getByRole('button', { name: 'Preview' }).click()
      const dialog = page.getByRole('dialog', { name: `Preview: ${name}` })
      await expect(dialog.locator('iframe')).toHaveAttribute('srcdoc', new RegExp(`href="${link.replace(/[./]/g, '\\$&')}"`))
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
  })

  test('create is disabled until the template key and the text content are filled', async ({ page }) => {
    await signInQuickly(page)
    await openSection(page, 'email-templates')
    await page.getByRole('button', { name: 'Create Template' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Template' })
    const create = dialog.getByRole('button', { name: 'Create Template' })
    await expect(create).toBeDisabled()
    await dialog.getByLabel('Template key').fill('seasonal_note')
    await expect(create).toBeDisabled()
    await dialog.getByLabel('Text content').fill('Hello {{customerName}}')
    await expect(create).toBeEnabled()
  })
})

test.describe('the confirmation email', () => {
  test('is under 100 KB, loads nothing from elsewhere, and reads well at 390 and 800 px', async ({ page }) => {
    await signInQuickly(page)
    const email = `render-${Date.now()}@example.com`
    await bookAsGuest(page, email)
    const mail = await mailTo(email)
    const html = mail.html as string
    expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024)
    const site = (await (await page.request.get('/api/site-settings/site_url')).json()).value as string
    const requests: string[] = []
    await page.route('**/*', (route) => {
      requests.push(route.request().url())
      return route.fulfill({ status: 404, body: '' })
    })
    for (const width of [390, 800]) {
      await page.setViewportSize({ width, height: 900 })
      await page.setContent(html)
      await expect(page.getByText('Booking Confirmed')).toBeVisible()
      await expect(page.getByText('Hello Mail Guest,')).toBeVisible()
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: test.info().outputPath(`confirmation-${width}.png`), fullPage: true })
    }
    expect(requests.filter((url) => !url.startsWith(site))).toEqual([])
  })
})

async function templateBody(page: Page, id: number) {
  const all = (await (await page.request.get('/api/admin/email-templates')).json()) as Record<string, unknown>[]
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = all.find((t) => t.id === id)!
  return rest
}
