import type { Page } from '@playwright/test'
import { card, openSection, signInQuickly, staffApi, staffBooking } from './admin'
import { withServerDatabase } from './db'
import { atFixedTime, expect, test, toastWith } from './fixtures'

// Each test runs at its own fixed instant years ahead (the server honours X-Test-Now), on dates no other test books.

const pendingBadge = (page: Page) => page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: /^Pending Reservations/ })

test.describe('All Reservations', () => {
  test('Today is the default, then Tomorrow, All Bookings and a custom date, each with its heading and count', async ({ page }) => {
    const at = '2030-03-15T10:00:00Z' // Friday 15 March 2030, 10:00 in London
    await atFixedTime(page, at)
    await signInQuickly(page)
    const today = await staffBooking(page, { name: 'Today Guest', date: '2030-03-15', startTime: '12:30', partySize: 3 }, at)
    const tomorrow = await staffBooking(page, { name: 'Tomorrow Guest', date: '2030-03-16', startTime: '19:00', partySize: 5 }, at)
    const later = await staffBooking(page, { name: 'Later Guest', date: '2030-03-22', startTime: '20:00', partySize: 2 }, at)

    await openSection(page, 'reservations')
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Friday, 15 March 2030')
    await expect(card(page, today.name)).toContainText('12:30 PM')
    await expect(card(page, today.name)).toContainText('3 guests')
    await expect(card(page, tomorrow.name)).toHaveCount(0)
    await expect(page.getByTestId('reservations-count')).toHaveText('1 booking · 3 guests expected')

    await page.getByRole('button', { name: 'Tomorrow' }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Saturday, 16 March 2030')
    await expect(card(page, tomorrow.name)).toBeVisible()
    await expect(card(page, today.name)).toHaveCount(0)

    await page.getByRole('button', { name: 'All Bookings' }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('All Bookings')
    await page.getByLabel('Search by name, email or phone').fill(later.name)
    await expect(card(page, later.name)).toBeVisible()
    await expect(page.getByTestId('search-count')).toHaveText('1 booking found')

    await page.getByLabel('Search by name, email or phone').fill('')
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Select a date to view bookings')
    await page.getByLabel('Date', { exact: true }).fill('2030-03-22')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Friday, 22 March 2030')
    await expect(card(page, later.name)).toBeVisible()
  })

  test("Today is the venue's today: 23:30 UTC on 30 June is already 1 July in London", async ({ page }) => {
    const at = '2030-06-30T23:30:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    await openSection(page, 'reservations')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Monday, 01 July 2030')
    await page.getByRole('button', { name: 'Tomorrow' }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Tuesday, 02 July 2030')
  })

  test("staff edit a booking's time, then delete it, each after the prompt", async ({ page }) => {
    const at = '2030-04-06T09:00:00Z' // a Saturday: open 12:00 to 23:30
    await atFixedTime(page, at)
    await signInQuickly(page)
    const booking = await staffBooking(page, { name: 'Move Me', date: '2030-04-06', startTime: '19:00', partySize: 2 }, at)
    await openSection(page, 'reservations')

    await card(page, booking.name).getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' })
    await expect(dialog.getByLabel('Name')).toHaveValue(booking.name)
    // The first field has focus, with its text not selected: a keystroke must not replace the guest's name.
    await expect(dialog.getByLabel('Name')).toBeFocused()
    expect(await dialog.getByLabel('Name').evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).not.toEqual([0, booking.name.length])
    await dialog.getByLabel('Time').fill('20:30')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Save changes?' })
    await expect(confirm).toContainText('8:30 PM')
    await confirm.getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
    await expect(dialog).toBeHidden()
    await expect(card(page, booking.name)).toContainText('8:30 PM')

    await card(page, booking.name).getByRole('button', { name: 'Delete' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Delete reservation' })
    await expect(prompt).toContainText('Are you sure you want to delete this reservation? This action cannot be undone.')
    await prompt.getByRole('button', { name: 'Delete' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Deleted successfully!')
    await expect(card(page, booking.name)).toHaveCount(0)
  })

  test('a move into a full evening is refused with the reason, and saved with the override', async ({ page, consoleErrors }) => {
    const at = '2030-04-05T09:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    // The demo venue seats 60: a private party fills Friday evening.
    await staffBooking(page, { name: 'Private Party', date: '2030-04-05', startTime: '19:00', partySize: 58 }, at)
    const booking = await staffBooking(page, { name: 'Early Table', date: '2030-04-05', startTime: '16:00', partySize: 4 }, at)
    await openSection(page, 'reservations')
    await card(page, booking.name).getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Reservation' })
    // A venue without tables never shows the Tables box, not even while a new time is looked up: a box that came
    // and went moved Save Changes from under the click below (a CI run waited 45 s for the prompt).
    const pickerShown = () => page.evaluate(() => (window as unknown as { pickerShown: boolean }).pickerShown)
    await page.evaluate(() => {
      const w = window as unknown as { pickerShown: boolean }
      const look = () => (w.pickerShown ||= document.querySelector('[data-testid="table-picker"]') !== null)
      look()
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true })
    })
    await dialog.getByLabel('Time').fill('19:30')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Save' }).click()
    expect(await pickerShown()).toBe(false)
    // Back in the edit dialog, with the reason.
    await expect(dialog.getByRole('alert')).toContainText('Over capacity at 7:30 PM on Friday, 05 April 2030: 58 of 60 covers')
    consoleErrors.allow('status of 409')
    await dialog.getByRole('button', { name: 'Save anyway' }).click()
    await page.getByRole('alertdialog', { name: 'Book anyway?' }).getByRole('button', { name: 'Save anyway' }).click()
    await expect(toastWith(page, 'Success!')).toBeVisible()
    await expect(card(page, booking.name)).toContainText('7:30 PM')
  })

  test('a phone booking from New Booking appears in the list', async ({ page }) => {
    const at = '2030-04-13T09:00:00Z' // a Saturday
    await atFixedTime(page, at)
    await signInQuickly(page)
    await openSection(page, 'reservations')
    await page.getByRole('button', { name: 'New Booking' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Booking' })
    // Empty, it says what is missing, in the admin form's words.
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await expect(dialog).toContainText('Name is required')
    // A phone or an email (issue 36).
    await expect(dialog).toContainText('Enter a phone number or an email')
    const name = `Walk In ${Date.now()}`
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Email').fill('walk-in@example.com')
    await dialog.getByLabel('Phone').fill('07700 900 555')
    await dialog.getByLabel('Time').fill('13:00')
    await dialog.getByLabel('Party Size').fill('4')
    await dialog.getByRole('button', { name: 'Add Booking' }).click()
    await page.getByRole('alertdialog', { name: 'Add this booking?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')
    await expect(card(page, name)).toContainText('1:00 PM')
    await expect(card(page, name)).toContainText('Confirmed')
  })

  test('closing a form with unsaved changes asks first; an untouched one closes at once', async ({ page }) => {
    const at = '2030-04-27T09:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    await openSection(page, 'reservations')
    const open = page.getByRole('button', { name: 'New Booking' })
    const dialog = page.getByRole('dialog', { name: 'New Booking' })
    const prompt = page.getByRole('alertdialog', { name: 'Discard changes?' })

    // Nothing typed: Escape closes it, no question asked.
    await open.click()
    await expect(dialog.getByLabel('Name')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(prompt).toHaveCount(0)

    // Typed into: Escape asks; Keep Editing goes back to the form as it was.
    await open.click()
    await dialog.getByLabel('Name').fill('Half Typed')
    await page.keyboard.press('Escape')
    await expect(prompt).toContainText('What you changed in this form has not been saved and will be lost.')
    await prompt.getByRole('button', { name: 'Keep Editing' }).click()
    await expect(prompt).toBeHidden()
    await expect(dialog.getByLabel('Name')).toHaveValue('Half Typed')

    // Cancel asks too, and Discard Changes closes it; the form opens empty again.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await prompt.getByRole('button', { name: 'Discard Changes' }).click()
    await expect(dialog).toBeHidden()
    await open.click()
    await expect(dialog.getByLabel('Name')).toHaveValue('')
  })

  test('works by keyboard: Escape closes a dialog and focus goes back to its button', async ({ page }) => {
    const at = '2030-04-20T09:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    const booking = await staffBooking(page, { name: 'Keys', date: '2030-04-20' }, at)
    await openSection(page, 'reservations')
    const details = card(page, booking.name).getByRole('button', { name: 'View details' })
    await details.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: booking.name })
    await expect(dialog).toContainText('Booked at')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(details).toBeFocused()

    // Focus taken somewhere the moment the dialog goes (the search, here) stays there: the dialog gives focus
    // back a moment later (a timer), and only if nothing has taken it meanwhile.
    await page.keyboard.press('Enter')
    await expect(dialog).toContainText('Booked at')
    const search = page.getByLabel('Search by name, email or phone')
    await page.evaluate(() => {
      const open = document.querySelector('[role="dialog"]')
      new MutationObserver((_, observer) => {
        if (open?.isConnected) return
        observer.disconnect()
        document.querySelector<HTMLInputElement>('#reservations-search')!.focus()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.waitForTimeout(300)
    await expect(search).toBeFocused()
    await page.keyboard.type('Keys')
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Search results for “Keys”')
  })
})

test.describe('Two members of staff editing one booking', () => {
  test('the second save gets the 409 and the conflict dialog; nothing is overwritten; the merge saves both changes', async ({ page, browser, consoleErrors }) => {
    // The refused save answers 409, which the browser logs.
    consoleErrors.allow('status of 409')
    const at = '2030-08-16T10:00:00Z' // Friday 16 August 2030
    await atFixedTime(page, at)
    await signInQuickly(page)
    const colleague = `sam-${Date.now().toString(36)}`
    await staffApi(page, 'POST', '/api/admin/users', { username: colleague, role: 'staff', password: 'the-other-shift-password' })
    const booking = await staffBooking(page, { name: 'Two Editors', date: '2030-08-16', startTime: '19:00', partySize: 2 }, at)

    // A (the owner) opens the edit dialog.
    await openSection(page, 'reservations')
    await card(page, booking.name).getByRole('button', { name: 'Edit' }).click()
    const mine = page.getByRole('dialog', { name: 'Edit Reservation' })
    await expect(mine.getByLabel('Party Size')).toHaveValue('2')

    // B, in another browser, changes the party from 2 to 5 and saves.
    const other = await (await browser.newContext()).newPage()
    await atFixedTime(other, at)
    const login = await other.request.post('/api/login', { data: { username: colleague, password: 'the-other-shift-password' }, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(login.status()).toBe(200)
    await openSection(other, 'reservations')
    await card(other, booking.name).getByRole('button', { name: 'Edit' }).click()
    const theirs = other.getByRole('dialog', { name: 'Edit Reservation' })
    await theirs.getByLabel('Party Size').fill('5')
    await theirs.getByRole('button', { name: 'Save Changes' }).click()
    await other.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(other, 'Success!')).toBeVisible()

    // A changes only the notes and saves: refused, with who and when, and the fields that differ.
    await mine.getByLabel('Additional Information').fill('Window table, please')
    await mine.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Save' }).click()
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this' })
    await expect(conflict).toContainText(new RegExp(`This booking was changed by ${colleague} at \\d\\d:\\d\\d while you were editing\\.`))
    await expect(conflict.getByTestId('conflict-partySize')).toContainText('5')
    await expect(conflict.getByRole('radio', { name: 'Party Size: keep theirs' })).toBeChecked()
    await expect(conflict.getByRole('radio', { name: 'Additional Information: keep yours' })).toBeChecked()
    await page.screenshot({ path: test.info().outputPath('conflict-dialog.png') })
    // Nothing was overwritten: the booking is as B left it.
    const stored = async () =>
      ((await (await page.request.get('/api/admin/reservations?date=2030-08-16')).json()) as { id: number; partySize: number; additionalInfo: string }[]).find((r) => r.id === booking.id)!
    expect(await stored()).toMatchObject({ partySize: 5, additionalInfo: '' })

    // A saves the merge: B's party and A's notes, on the version the 409 gave.
    await conflict.getByRole('button', { name: 'Save Merged' }).click()
    await page.getByRole('alertdialog', { name: 'Save changes?' }).getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
    await expect(mine).toBeHidden()
    expect(await stored()).toMatchObject({ partySize: 5, additionalInfo: 'Window table, please' })
    await expect(card(page, booking.name)).toContainText('5')
    await other.context().close()
  })
})

test.describe('Pending Reservations', () => {
  test('confirming a party of 8 through Confirm Booking and its prompt; the badge follows', async ({ page }) => {
    const at = '2031-01-06T10:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    const party = await staffBooking(page, { name: 'Big Party', date: '2031-01-10', partySize: 8, status: 'pending' }, at)
    await openSection(page, 'pending')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Large parties (7+ guests) requiring manual confirmation')
    await expect(pendingBadge(page)).toHaveAccessibleName(/^Pending Reservations\s*1 pending reservation$/)
    const item = page.getByRole('article', { name: party.name })
    await expect(item.getByRole('link', { name: 'Call Customer' })).toHaveAttribute('href', 'tel:07700900321')
    await item.getByRole('button', { name: 'Confirm Booking' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Confirm reservation' })
    await expect(prompt).toContainText('Are you sure you want to confirm this large party reservation?')
    await prompt.getByRole('button', { name: 'Confirm Booking' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
    await expect(item).toHaveCount(0)
    await expect(page.getByText('All caught up!')).toBeVisible()
    await expect(page.getByText('No pending reservations require your attention.')).toBeVisible()
    await expect(pendingBadge(page)).toHaveAccessibleName('Pending Reservations')

    await page.getByRole('link', { name: 'All Reservations' }).click()
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await page.getByLabel('Date', { exact: true }).fill('2031-01-10')
    await expect(card(page, party.name)).toContainText('Confirmed')
  })

  test('declining one after its prompt', async ({ page }) => {
    const at = '2032-02-02T10:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    const first = await staffBooking(page, { name: 'Decline Me', date: '2032-02-06', partySize: 9, status: 'pending' }, at)
    const second = await staffBooking(page, { name: 'Keep Me', date: '2032-02-07', partySize: 12, status: 'pending' }, at)
    // As if both came from the public form (decision 21): the first's guest has a few minutes left to confirm it
    // from their email; the second's let its 30 minutes run out, and it holds no table.
    await withServerDatabase((db) =>
      db.query('update reservations set hold_until = case id when $1 then $3::timestamptz + $4::interval else $3::timestamptz - $4::interval end where id in ($1, $2)', [first.id, second.id, at, '5 minutes']),
    )
    await openSection(page, 'pending')
    await expect(page.getByRole('article', { name: first.name })).toContainText("Awaiting the guest's confirmation")
    await expect(page.getByRole('article', { name: second.name })).toContainText('Not confirmed by the guest')
    await expect(pendingBadge(page)).toHaveAccessibleName(/^Pending Reservations\s*2 pending reservations$/)
    await page.getByRole('article', { name: first.name }).getByRole('button', { name: 'Decline' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Decline reservation' })
    await expect(prompt).toContainText('Are you sure you want to decline this reservation?')
    await prompt.getByRole('button', { name: 'Decline' }).click()
    await expect(page.getByRole('article', { name: first.name })).toHaveCount(0)
    await expect(page.getByRole('article', { name: second.name })).toBeVisible()
    await expect(pendingBadge(page)).toHaveAccessibleName(/^Pending Reservations\s*1 pending reservation$/)
    await staffApi(page, 'PATCH', `/api/admin/reservations/${second.id}`, { status: 'cancelled', version: second.version }, at)
  })

  test('cancel from All Reservations asks with its own prompt', async ({ page }) => {
    const at = '2032-03-01T10:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    const party = await staffBooking(page, { name: 'Maybe Party', date: '2032-03-01', partySize: 7, status: 'pending' }, at)
    await openSection(page, 'reservations')
    await card(page, party.name).getByRole('button', { name: 'Cancel booking' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Cancel reservation' })
    await expect(prompt).toContainText('Are you sure you want to cancel this reservation?')
    // Backing out reads 'Keep Booking', not a second 'Cancel', and changes nothing.
    await prompt.getByRole('button', { name: 'Keep Booking' }).click()
    await expect(prompt).toBeHidden()
    await expect(card(page, party.name)).toContainText('Pending')
    await card(page, party.name).getByRole('button', { name: 'Cancel booking' }).click()
    await prompt.getByRole('button', { name: 'Cancel Reservation' }).click()
    await expect(card(page, party.name)).toContainText('Cancelled')
  })

  test('a confirmed booking is cancelled from its card, the prompt saying the guest will be emailed', async ({ page }) => {
    const at = '2032-03-08T10:00:00Z'
    await atFixedTime(page, at)
    await signInQuickly(page)
    const booked = await staffBooking(page, { name: 'Called Off', date: '2032-03-08', startTime: '19:30', partySize: 4, status: 'confirmed' }, at)
    await openSection(page, 'reservations')
    const guest = card(page, booked.name)
    await expect(guest).toContainText('Confirmed')
    await expect(guest.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
    await guest.getByRole('button', { name: 'Cancel booking' }).click()
    const prompt = page.getByRole('alertdialog', { name: 'Cancel reservation' })
    await expect(prompt).toContainText(`Are you sure you want to cancel this reservation? ${booked.name} will be emailed that their booking is cancelled.`)
    await expect(prompt).toContainText(`${booked.name}: 4 guests, 7:30 PM on 08 Mar 2032`)
    await prompt.getByRole('button', { name: 'Cancel Reservation' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Updated successfully!')
    await expect(guest).toContainText('Cancelled')
    // A cancelled booking has nothing left to cancel.
    await expect(guest.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0)
    const history = (await (await page.request.get(`/api/admin/reservations/${booked.id}/history`)).json()) as { kind: string; actor: string }[]
    expect(history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', 'staff'],
      ['cancelled', 'staff'],
    ])
  })
})
