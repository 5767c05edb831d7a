import { card, openSection, signInQuickly, staffApi } from './admin'
import { seriousViolations } from './axe'
import { atFixedTime, expect, test, toastWith } from './fixtures'

/**
 * Issue 36, items 4 and 5, on a phone (390 px): a phone booking taken with
 * no email says on its card that its guest is not emailed, and the search of
 * All Reservations finds a booking on any date by its phone however it is typed.
 */
test.use({ viewport: { width: 390, height: 844 } })

/** A UK mobile no other test books: '07700 9' and five digits of this run. */
const uniquePhone = () => {
  const digits = String(Date.now() % 100_000).padStart(5, '0')
  return { typed: `07700 9${digits}`, international: `+44 7700 9${digits}`, spaced: `077009${digits.slice(0, 2)} ${digits.slice(2)}` }
}

test.describe('Search everywhere', () => {
  test('from Today, a search by phone finds a January booking, says where it is, and opens it', async ({ page }) => {
    const at = '2030-11-14T10:00:00Z' // Thursday 14 November 2030
    await atFixedTime(page, at)
    await signInQuickly(page)
    const phone = uniquePhone()
    const name = `January Phone ${Date.now().toString(36)}`
    const booking = (await staffApi(
      page,
      'POST',
      '/api/admin/reservations',
      { name, email: '', phone: phone.typed, date: '2031-01-11', startTime: '19:00', partySize: 3, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed' },
      at,
    )) as { id: number }

    await openSection(page, 'reservations')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Thursday, 14 November 2030')
    await expect(card(page, name)).toHaveCount(0)

    // Typed the other way round from how it was booked, from the keyboard.
    const search = page.getByLabel('Search by name, email or phone')
    await search.focus()
    await page.keyboard.type(phone.international)
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Search results for “${phone.international}”`)
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 booking found')
    const result = card(page, name)
    await expect(result).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Upcoming/ })).toBeVisible()
    await expect(result.getByTestId('search-place')).toHaveText('Upcoming · Saturday, 11 January 2031')
    await expect(result).toContainText('11 Jan 2031')
    await page.screenshot({ path: test.info().outputPath('search-390.png'), fullPage: true })
    // The results pass axe on a phone and on a desktop.
    expect(await seriousViolations(page), 'search results at 390 px').toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await seriousViolations(page), 'search results at 1280 px').toEqual([])
    await page.screenshot({ path: test.info().outputPath('search-1280.png'), fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })

    // Opening it shows the booking.
    await result.getByRole('button', { name: 'View details' }).click()
    const details = page.getByRole('dialog', { name })
    await expect(details).toContainText('Saturday, 11 January 2031')
    await expect(details).toContainText(phone.typed)
    await expect(details).toContainText('No email: the guest is not emailed')
    await page.keyboard.press('Escape')
    await expect(details).toBeHidden()

    // Another way of typing the same number finds the same booking; clearing the search goes back to the day.
    await search.fill(phone.spaced)
    // Its own results, not the last search's still on screen.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Search results for “${phone.spaced}”`)
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 booking found')
    await expect(page.getByTestId(`reservation-${booking.id}`)).toBeVisible()
    await search.fill('')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Thursday, 14 November 2030')
    await expect(card(page, name)).toHaveCount(0)
  })
})

test.describe('A phone booking without an email', () => {
  test("made through New Booking, its card says the guest is not emailed, and so does the cancel prompt", async ({ page }) => {
    const at = '2030-11-16T09:00:00Z' // Saturday 16 November 2030
    await atFixedTime(page, at)
    await signInQuickly(page)
    await openSection(page, 'reservations')
    await page.getByRole('button', { name: 'New Booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Booking' })
    const name = `Phone Only ${Date.now().toString(36)}`
    await dialog.getByLabel('Name').fill(name)
    // Neither a phone nor an email: the form says what it needs.
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await expect(dialog).toContainText('Enter a phone number or an email')
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
    // A bad email is still refused.
    await dialog.getByLabel('Email').fill('not-an-email')
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await expect(dialog).toContainText('Valid email required')
    await dialog.getByLabel('Email').fill('')
    await dialog.getByLabel('Phone').fill(uniquePhone().typed)
    await dialog.getByLabel('Time').fill('13:00')
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await page.getByRole('alertdialog', { name: 'Add this booking?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')

    const booked = card(page, name)
    await expect(booked).toContainText('No email: the guest is not emailed')
    await expect(booked.getByRole('link', { name: /@/ })).toHaveCount(0)
    await booked.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath('no-email-card-390.png'), fullPage: true })

    await booked.getByRole('button', { name: 'Cancel booking' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Cancel reservation' })
    await expect(prompt).toContainText('No email will be sent: this booking has no email address.')
    await prompt.getByRole('button', { name: 'Keep Booking' }).click()
  })
})
