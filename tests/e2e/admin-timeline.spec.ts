/**
 * The timeline of All Reservations in the browser (issue 34): a small plan
 * drawn through the API, two bookings on a day no other test uses; one is
 * dragged to another table, one moved with the keyboard's Move dialog, a
 * move onto a taken table is refused with whom it is taken by; a party
 * dropped on a table that seats fewer is asked about first, and the Move
 * dialog says when the tables ticked seat fewer; a tablet scrolls the grid,
 * a phone gets the list with the table names; axe; the
 * day itself opened at noon shows the evening's bookings. The
 * plan is taken away again at the end: once the engine books tables, a
 * table left behind would change the other tests' bookings.
 */
import type { Page } from '@playwright/test'
import { openSection, signInQuickly, staffApi, staffBooking } from './admin'
import { seriousViolations } from './axe'
import { withServerDatabase } from './db'
import { atFixedTime, expect, gotoHydrated, test, toastWith } from './fixtures'
import { formatTime12, minutesToTime, timeToMinutes } from '../../common/time'

const DAY = '2034-06-14'
type Booking = { id: number; name: string; startTime: string; durationMinutes: number; version: number; tables: { id: number; name: string }[] }

/** A booking as the staff API has it now. */
async function bookingNow(page: Page, name: string, day = DAY): Promise<Booking> {
  const res = await page.request.get(`/api/admin/reservations?date=${day}&q=${encodeURIComponent(name)}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as Booking[]).find((r) => r.name === name)!
}
const tableNames = async (page: Page, name: string, day = DAY) => (await bookingNow(page, name, day)).tables.map((t) => t.name)

/** Drags a bar by the mouse to a table's row at a time, in small steps (a drag, not a click). */
async function dragBar(page: Page, bar: ReturnType<Page['getByRole']>, tableName: string, slot: string) {
  await bar.scrollIntoViewIfNeeded()
  const from = (await bar.boundingBox())!
  const target = (await page.getByTestId(`timeline-row-${tableName}`).locator(`td[data-slot="${slot}"]`).boundingBox())!
  await page.mouse.move(from.x + 10, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 20, from.y + from.height / 2 + 10, { steps: 3 })
  await page.mouse.move(target.x + 10, target.y + target.height / 2, { steps: 6 })
  await page.mouse.up()
}

test('the timeline: a booking dragged to another table, one moved by the Move dialog, a taken table refused; tablet and phone', async ({ page, consoleErrors }, testInfo) => {
  test.slow()
  // The refused moves answer 409 on purpose.
  consoleErrors.allow('status of 409 (Conflict)')
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const [t1, t2, t3] = [`O${suffix}1`, `O${suffix}2`, `O${suffix}3`]
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Orangery ${suffix}` })
  const tableIds: number[] = []
  const bookingIds: number[] = []
  try {
    for (const [i, name] of [t1, t2, t3].entries()) {
      const table = await staffApi(page, 'POST', '/api/admin/tables', { name, areaId: area.id, minCovers: 1, maxCovers: 4, planX: i * 4, planY: 1 })
      tableIds.push(table.id)
    }
    const ann = await staffBooking(page, { name: 'Ann Timeline', date: DAY, startTime: '19:00', partySize: 2, tableIds: [tableIds[0]] })
    bookingIds.push(ann.id)
    const bob = await staffBooking(page, { name: 'Bob Timeline', date: DAY, startTime: '19:00', partySize: 4, tableIds: [tableIds[1]], status: 'pending' })
    bookingIds.push(bob.id)

    await page.setViewportSize({ width: 1280, height: 900 })
    await openSection(page, 'reservations')
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await page.getByLabel('Date', { exact: true }).fill(DAY)
    await page.getByRole('button', { name: 'Timeline', exact: true }).click()
    await expect(page).toHaveURL(/layout=timeline/)
    const grid = page.getByTestId('timeline-grid').getByRole('table')
    await expect(grid.getByRole('columnheader', { name: '19:00' })).toBeVisible()
    await expect(grid.getByRole('rowheader', { name: new RegExp(`^${t1}`) })).toBeVisible()
    const annBar = page.getByRole('button', { name: `${ann.name}, 2 guests, 19:00, ${t1}`, exact: true })
    await expect(annBar).toBeVisible()
    // Pending: marked in words for a screen reader, and dashed to the eye.
    await expect(page.getByRole('button', { name: `${bob.name}, 4 guests, 19:00, ${t2}, Pending`, exact: true })).toContainText('Pending')
    await page.screenshot({ path: testInfo.outputPath('timeline-1280.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])

    // The grid opens scrolled to the day's first booking. Drag: Ann from the first table to the third, same time.
    await expect(annBar).toBeInViewport()
    await dragBar(page, annBar, t3, '19:00')
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    expect(await tableNames(page, ann.name)).toEqual([t3])
    await expect(page.getByRole('button', { name: `${ann.name}, 2 guests, 19:00, ${t3}`, exact: true })).toBeVisible()

    // The keyboard: Bob's bar, Enter, the Move dialog: half an hour later at the same table.
    const bobBar = page.getByRole('button', { name: `${bob.name}, 4 guests, 19:00, ${t2}, Pending`, exact: true })
    await bobBar.focus()
    await page.keyboard.press('Enter')
    let dialog = page.getByRole('dialog', { name: `Move ${bob.name}` })
    await dialog.getByLabel('Time').selectOption('19:30')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    expect((await bookingNow(page, bob.name)).startTime).toBe('19:30')
    expect(await tableNames(page, bob.name)).toEqual([t2])
    const movedBob = page.getByRole('button', { name: `${bob.name}, 4 guests, 19:30, ${t2}, Pending`, exact: true })
    await expect(movedBob).toBeVisible()

    // Onto Ann's table while she sits there: refused, saying whom it is taken by; Bob stays where he was.
    await movedBob.click()
    dialog = page.getByRole('dialog', { name: `Move ${bob.name}` })
    await dialog.getByRole('checkbox', { name: new RegExp(`^${t2}`) }).click()
    await dialog.getByRole('checkbox', { name: new RegExp(`^${t3}`) }).click()
    await dialog.getByRole('button', { name: 'Save' }).click()
    // The server names the other booking as staff see it elsewhere: initial and surname, party and times.
    const takenBy = `${t3} is taken by A. ${ann.name.split(' ').pop()} (2 guests,`
    await expect(dialog.getByRole('alert')).toContainText(takenBy)
    await page.screenshot({ path: testInfo.outputPath('timeline-refused.png') })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(await tableNames(page, bob.name)).toEqual([t2])
    await expect(movedBob).toBeVisible()

    // A drag onto the taken table is refused too, and the bar is back where it was.
    await dragBar(page, movedBob, t3, '19:30')
    await expect(page.getByTestId('timeline').getByRole('alert')).toContainText(takenBy)
    await expect(movedBob).toBeVisible()
    expect(await tableNames(page, bob.name)).toEqual([t2])

    // A tablet: the grid scrolls inside itself, the page does not.
    await page.setViewportSize({ width: 1024, height: 768 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath('timeline-1024.png'), fullPage: true })

    // A phone: the list, with the table names.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(page.getByTestId('timeline-grid')).toBeHidden()
    const list = page.getByRole('list', { name: 'Bookings and their tables' })
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(list.getByRole('listitem').filter({ hasText: ann.name })).toContainText(t3)
    await expect(list.getByRole('listitem').filter({ hasText: bob.name })).toContainText(`${t2} · Pending`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath('timeline-390.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])

    // The day itself, opened at noon: the grid opens at the evening's first booking, not at the empty columns of
    // now, and says the time above it (at now, Ann's 19:00 bar was five hours off to the right).
    await atFixedTime(page, `${DAY}T11:15:00Z`) // 12:15 in London (June: BST)
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, '/admin?section=reservations&layout=timeline')
    await expect(page.getByRole('heading', { name: 'Wednesday, 14 June 2034' })).toBeVisible()
    await expect(page.getByRole('table', { name: /A red line marks now, 12:15\.$/ })).toBeVisible()
    await expect(page.getByRole('button', { name: `${ann.name}, 2 guests, 19:00, ${t3}`, exact: true })).toBeInViewport()

    // Bob's request as if made from the public form and not confirmed by its guest in their 30 minutes (decision 21):
    // it holds no table, though its row stays until the next booking of the day releases it. The timeline does not
    // draw it at the table (someone else may be given it): it waits for one, and says why.
    await withServerDatabase((db) => db.query(`update reservations set hold_until = $2 where id = $1`, [bob.id, `${DAY}T11:00:00Z`]))
    await gotoHydrated(page, '/admin?section=reservations&layout=timeline')
    const needsTable = page.getByRole('region', { name: 'Needs a table' })
    await expect(needsTable.getByRole('button', { name: `${bob.name}, 4 guests, 19:30, no table, Pending, not confirmed by the guest`, exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: new RegExp(`^${bob.name}, 4 guests, 19:30, ${t2}`) })).toHaveCount(0)
    // Tonight, on the day, says it beside his arrival.
    await gotoHydrated(page, '/admin?section=tonight')
    await expect(page.getByRole('article', { name: bob.name }).getByText('Not confirmed by the guest')).toBeVisible()

    // The run sheet printed for the pass: each party's table, or that it still needs one, and when it is free again.
    await gotoHydrated(page, '/admin?section=reservations')
    await expect(page.getByRole('article', { name: ann.name })).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    const sheet = page.getByRole('region', { name: 'Run sheet' })
    await expect(sheet.getByRole('columnheader', { name: 'Table' })).toBeVisible()
    const { durationMinutes } = await bookingNow(page, ann.name)
    const annFree = formatTime12(minutesToTime(timeToMinutes('19:00') + durationMinutes))
    await expect(sheet.getByRole('row').filter({ hasText: ann.name })).toContainText(`7:00 PMto ${annFree}`)
    await expect(sheet.getByRole('row').filter({ hasText: ann.name })).toContainText(`${t3} (Orangery ${suffix})`)
    await expect(sheet.getByRole('row').filter({ hasText: bob.name })).toContainText('Needs a table')
    await page.emulateMedia({ media: 'screen' })
    // View details says the same.
    for (const [name, table] of [
      [ann.name, `Table${t3} (Orangery ${suffix}), until ${annFree}`],
      [bob.name, 'TableNeeds a table'],
    ] as const) {
      await page.getByRole('article', { name }).getByRole('button', { name: 'View details' }).click()
      const details = page.getByRole('dialog', { name })
      await expect(details).toContainText(table)
      await details.getByRole('button', { name: 'Close' }).first().click()
      await expect(details).toBeHidden()
    }

    // Confirmed from Pending Reservations, the request is seated at a free table, and the message says which.
    await gotoHydrated(page, '/admin?section=pending')
    await page.getByRole('article', { name: bob.name }).getByRole('button', { name: /^Confirm/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Booking' }).click()
    await expect(toastWith(page, 'Updated successfully! At ')).toBeVisible()
    const [seated] = await tableNames(page, bob.name)
    await expect(toastWith(page, `Updated successfully! At ${seated} (Orangery ${suffix}).`)).toBeVisible()
  } finally {
    // The bookings and the plan go again.
    for (const id of bookingIds) await staffApi(page, 'DELETE', `/api/admin/reservations/${id}`)
    for (const id of tableIds) await staffApi(page, 'DELETE', `/api/admin/tables/${id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('a party dropped on a table that seats fewer is asked about first; the Move dialog says when the tables ticked seat fewer; an edit to a larger party says it will be seated again, and where', async ({ page }, testInfo) => {
  const day = '2034-06-28'
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const [small, large, round] = [`Q${suffix}1`, `Q${suffix}2`, `Q${suffix}3`]
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Conservatory ${suffix}` })
  const tableIds: number[] = []
  let dee: { id: number; name: string } | undefined
  try {
    for (const [i, [name, maxCovers]] of ([[small, 2], [large, 4], [round, 6]] as const).entries()) {
      tableIds.push((await staffApi(page, 'POST', '/api/admin/tables', { name, areaId: area.id, maxCovers, planX: i * 4, planY: 1 })).id)
    }
    dee = await staffBooking(page, { name: 'Dee Timeline', date: day, startTime: '19:00', partySize: 4, tableIds: [tableIds[1]] })

    await page.setViewportSize({ width: 1280, height: 900 })
    await openSection(page, 'reservations')
    await page.getByRole('button', { name: 'Custom Date' }).click()
    await page.getByLabel('Date', { exact: true }).fill(day)
    await page.getByRole('button', { name: 'Timeline', exact: true }).click()
    const atLarge = page.getByRole('button', { name: `${dee.name}, 4 guests, 19:00, ${large}`, exact: true })
    await expect(atLarge).toBeVisible()

    // Dropped on the two-top: asked first. Cancel leaves the party where it was.
    await dragBar(page, atLarge, small, '19:00')
    const ask = page.getByRole('alertdialog', { name: `Seat 4 guests at ${small}?` })
    await expect(ask).toContainText(`${small} seats 2. Seat the party there anyway?`)
    await expect(ask).toContainText(`${dee.name}, 19:00`)
    await ask.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    await page.screenshot({ path: testInfo.outputPath('timeline-seat-anyway.png') })
    expect(await seriousViolations(page)).toEqual([])
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(ask).toBeHidden()
    expect(await tableNames(page, dee.name, day)).toEqual([large])
    await expect(atLarge).toBeVisible()

    // Dropped again, and seated anyway: staff may pull up chairs.
    await dragBar(page, atLarge, small, '19:00')
    await ask.getByRole('button', { name: 'Seat Anyway' }).click()
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    expect(await tableNames(page, dee.name, day)).toEqual([small])

    // The Move dialog says so while only the two-top is ticked, and not once the four-top is ticked instead.
    await page.getByRole('button', { name: `${dee.name}, 4 guests, 19:00, ${small}`, exact: true }).click()
    const move = page.getByRole('dialog', { name: `Move ${dee.name}` })
    const picker = move.getByTestId('table-picker')
    await expect(picker.getByRole('status')).toHaveText('The tables ticked seat 2 at most, for a party of 4.')
    await page.setViewportSize({ width: 390, height: 844 })
    await picker.getByRole('status').scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath('move-seats-fewer-390.png') })
    expect(await seriousViolations(page)).toEqual([])
    await picker.getByRole('checkbox', { name: new RegExp(`^${large}`) }).click()
    await picker.getByRole('checkbox', { name: new RegExp(`^${small}`) }).click()
    await expect(picker.getByRole('status')).toHaveText('')
    await move.getByRole('button', { name: 'Save' }).click()
    await expect(move).toBeHidden()
    expect(await tableNames(page, dee.name, day)).toEqual([large])

    // The guest rings: six of them now. Left as they are, the tables will not keep her (the four-top seats 4): the
    // form says so before Save, and where she sits after.
    await page.getByRole('button', { name: 'List', exact: true }).click()
    await page.getByRole('article', { name: dee.name }).getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Reservation' })
    const tables = edit.getByTestId('table-picker')
    await expect(tables.getByRole('checkbox', { name: new RegExp(`^${large}`) })).toBeChecked()
    await expect(tables.getByRole('status')).toHaveText('')
    await edit.getByLabel('Party Size').fill('6')
    await expect(tables.getByRole('status')).toHaveText(`${large} seats 4 at most: on Save the party of 6 is seated at the best free table. Tick tables to choose them yourself.`)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click()
    await expect(toastWith(page, `Updated successfully! At ${round} (Conservatory ${suffix}).`)).toBeVisible()
    expect(await tableNames(page, dee.name, day)).toEqual([round])
  } finally {
    if (dee) await staffApi(page, 'DELETE', `/api/admin/reservations/${dee.id}`)
    for (const id of tableIds) await staffApi(page, 'DELETE', `/api/admin/tables/${id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})
