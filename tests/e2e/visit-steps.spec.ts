import { card, openSection, signInQuickly, staffBooking } from './admin'
import { atFixedTime, expect, test, toastWith } from './fixtures'

// Issue 35: a booking's visit on its card in All Reservations. Its own fixed instant and date, years ahead.

test('staff mark a party arrived from its card, see No-show once it is 15 minutes late, and undo the step', async ({ page }) => {
  const at = '2031-05-09T18:20:00Z' // Friday 9 May 2031, 19:20 in London (BST)
  await atFixedTime(page, at)
  await signInQuickly(page)
  const booking = await staffBooking(page, { name: 'Visit Guest', date: '2031-05-09', startTime: '19:00', partySize: 2 }, at)
  await openSection(page, 'reservations')
  const row = card(page, booking.name)
  await expect(row.locator('[data-visit-state]')).toHaveText('Expected')
  await expect(row.locator('[data-source]')).toHaveText('Phone')
  // 19:20 is past 19:15: the no-show is offered beside the next step.
  await expect(row.getByRole('button', { name: 'No-show' })).toBeVisible()

  await row.getByRole('button', { name: 'Arrived' }).click()
  await expect(toastWith(page, `${booking.name}: Arrived`)).toBeVisible()
  await expect(row.locator('[data-visit-state]')).toHaveText('Arrived')
  await expect(row.getByRole('button', { name: 'Seated' })).toBeVisible()

  await row.getByRole('button', { name: `Undo Arrived for ${booking.name}` }).click()
  await expect(row.locator('[data-visit-state]')).toHaveText('Expected')
  await expect(row.getByRole('button', { name: /^Undo/ })).toHaveCount(0)
})

test('by keyboard, a step taken from a card leaves focus on the next step in that card', async ({ page }) => {
  const at = '2031-05-16T18:20:00Z' // the Friday after, 19:20 in London
  await atFixedTime(page, at)
  await signInQuickly(page)
  const booking = await staffBooking(page, { name: 'Keyboard Visit', date: '2031-05-16', startTime: '19:00', partySize: 2 }, at)
  await openSection(page, 'reservations')
  const row = card(page, booking.name)
  // The button is disabled while the step is sent, then replaced: focus fell to the document's body before.
  await row.getByRole('button', { name: 'Arrived', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(row.locator('[data-visit-state]')).toHaveText('Arrived')
  await expect(row.getByRole('button', { name: 'Seated', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row.locator('[data-visit-state]')).toHaveText('Seated')
  await expect(row.getByRole('button', { name: 'Finished', exact: true })).toBeFocused()
})
