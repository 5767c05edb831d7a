/**
 * Tables & Areas in the browser (issue 34): a manager draws an area, a table
 * placed on the plan by keyboard and another by drag, a combination, and
 * turn times (an overlap refused and shown by its field); 'Test a booking'
 * answers or says why it could not; a table is not made to seat fewer than
 * a party booked at it, nor put out of use before its last booking; a
 * table or the turn times saved by someone else while the form is open (the
 * conflict dialog, a merge that does not hold together, their list loaded or
 * mine saved over it); the panel at 390 px and on a tablet;
 * axe; a guest on /booking is offered a party of 6 at 19:30 only while the
 * combination for 6 is free. The plan is taken away again at the end: once
 * the engine books tables, a table left behind would change the other
 * tests' bookings.
 */
import type { Page } from '@playwright/test'
import { formatDayShort } from '#common/tables-schema'
import { addDays, dayOfWeek, MONTH_NAMES, todayIn, WEEKDAY_NAMES } from '#common/time'
import { openSection, signInQuickly, staffApi, staffBooking } from './admin'
import { seriousViolations } from './axe'
import { expect, gotoHydrated, test, toastWith } from './fixtures'

type Row = { id: number; name: string; planX: number; planY: number; areaId: number; minCovers: number; maxCovers: number; shape: string; active: boolean; version: number }

const confirm = (page: Page, name: string) => page.getByRole('alertdialog').getByRole('button', { name, exact: true }).click()
/** Opens a table's Edit dialog in Tables & Areas, from its area's tab. */
async function editTable(page: Page, areaName: string, tableName: string) {
  await openSection(page, 'tables')
  await page.getByRole('tab', { name: new RegExp(`^${areaName}`) }).click()
  await page.getByRole('button', { name: `Edit ${tableName}`, exact: true }).click()
  return page.getByRole('dialog', { name: `Edit ${tableName}` })
}
const tablesNamed = async (page: Page, names: string[]) => ((await (await page.request.get('/api/admin/tables')).json()) as Row[]).filter((t) => names.includes(t.name))

test('a manager draws an area, places tables by keyboard and by drag, joins them, and sets turn times; the panel works at 390 px', async ({ page, consoleErrors }, testInfo) => {
  test.slow()
  // The refused turn times answer 400 on purpose.
  consoleErrors.allow('status of 400 (Bad Request)')
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = `Terrace ${suffix}`
  const [first, second] = [`E${suffix}1`, `E${suffix}2`]
  const before = await (await page.request.get('/api/admin/turn-times')).json()
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openSection(page, 'tables')
    await expect(page.getByRole('heading', { name: 'Tables & Areas', level: 1 })).toBeVisible()

    // An area.
    await page.getByRole('button', { name: 'Add Area' }).click()
    const areaDialog = page.getByRole('dialog', { name: 'Add Area' })
    await areaDialog.getByLabel('Name').fill(area)
    await areaDialog.getByRole('switch', { name: 'Weather-dependent' }).click()
    await areaDialog.getByRole('button', { name: 'Add Area' }).click()
    await confirm(page, 'Add Area')
    await expect(toastWith(page, `The area ${area} was added.`)).toBeVisible()
    await page.getByRole('tab', { name: new RegExp(`^${area}`) }).click()
    const card = page.getByTestId(`area-${area}`)
    await expect(card).toContainText('Weather-dependent')

    // A table, through its form.
    await page.getByRole('button', { name: 'Add Table' }).click()
    const tableDialog = page.getByRole('dialog', { name: 'Add Table' })
    await tableDialog.getByLabel('Name').fill(first)
    await tableDialog.getByLabel('Largest party').fill('4')
    await tableDialog.getByLabel('Shape').selectOption('round')
    await tableDialog.getByRole('button', { name: 'Add Table' }).click()
    await confirm(page, 'Add Table')
    await expect(toastWith(page, `The table ${first} was added.`)).toBeVisible()

    // Placed by keyboard: three squares right, two down, Enter saves; the move is announced.
    const planTable = page.getByTestId(`plan-table-${first}`).getByRole('button')
    await expect(planTable).toHaveAccessibleName(`${first} 1–4 guests, round, across 0, down 0`)
    await planTable.focus()
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key)
    await expect(page.getByTestId('plan-status')).toHaveText(`${first} at across 3, down 2. Enter saves, Escape puts it back.`)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('plan-status')).toHaveText(`${first} saved at across 3, down 2.`)
    expect((await tablesNamed(page, [first]))[0]).toMatchObject({ planX: 3, planY: 2, version: 2 })
    await expect(page.getByTestId(`plan-table-${first}`).getByRole('button')).toHaveAccessibleName(/across 3, down 2$/)
    // Escape puts a move back without saving.
    await planTable.focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('plan-status')).toHaveText(`${first} put back at across 3, down 2.`)

    // A second table (through the API), placed by drag: two squares (30 px each) right.
    const areaId = ((await (await page.request.get('/api/admin/areas')).json()) as { id: number; name: string }[]).find((a) => a.name === area)!.id
    await staffApi(page, 'POST', '/api/admin/tables', { name: second, areaId, maxCovers: 4, planX: 8, planY: 2 })
    await page.reload()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.getByRole('tab', { name: new RegExp(`^${area}`) }).click()
    const dragged = page.getByTestId(`plan-table-${second}`).getByRole('button')
    const box = (await dragged.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 31, box.y + box.height / 2, { steps: 4 })
    await page.mouse.move(box.x + box.width / 2 + 61, box.y + box.height / 2 + 2, { steps: 4 })
    await page.mouse.up()
    await expect(page.getByTestId('plan-status')).toHaveText(`${second} saved at across 10, down 2.`)
    expect((await tablesNamed(page, [second]))[0]).toMatchObject({ planX: 10, planY: 2 })
    await page.screenshot({ path: testInfo.outputPath('tables-plan-1280.png'), fullPage: true })

    // A combination of the two, named after them.
    await page.getByRole('button', { name: 'Add Combination' }).click()
    const comboDialog = page.getByRole('dialog', { name: 'Add Combination' })
    await comboDialog.getByLabel(first).check()
    await comboDialog.getByLabel(second).check()
    await expect(comboDialog.getByLabel('Name')).toHaveAttribute('placeholder', `${first} + ${second}`)
    await comboDialog.getByLabel('Smallest party').fill('5')
    await comboDialog.getByLabel('Largest party').fill('7')
    await comboDialog.getByRole('button', { name: 'Add Combination' }).click()
    await confirm(page, 'Add Combination')
    await expect(toastWith(page, `The combination ${first} + ${second} was added.`)).toBeVisible()
    await expect(page.getByTestId(`combination-${first} + ${second}`)).toContainText('5–7 guests')

    // Turn times: an overlap is refused and shown by the field to change; fixed, it saves.
    const turns = page.getByRole('region', { name: 'Turn Times' })
    for (let i = (before.rules as unknown[]).length; i > 0; i--) await turns.getByRole('button', { name: `Remove rule ${i}` }).click()
    await turns.getByRole('button', { name: 'Add Rule' }).click()
    await turns.getByRole('button', { name: 'Add Rule' }).click()
    const rule1 = turns.getByTestId('turn-rule-0')
    const rule2 = turns.getByTestId('turn-rule-1')
    await rule1.getByLabel('To (guests)').fill('4')
    await rule1.getByLabel('Minutes').fill('90')
    await rule2.getByLabel('From (guests)').fill('4')
    await rule2.getByLabel('To (guests)').fill('8')
    await turns.getByRole('button', { name: 'Save Turn Times' }).click()
    await confirm(page, 'Save Turn Times')
    await expect(turns.getByRole('alert')).toContainText('Rules for 1–4 and 4–8 overlap at 4.')
    await expect(rule2.getByLabel('From (guests)')).toHaveAttribute('aria-invalid', 'true')
    await expect(rule2.getByLabel('From (guests)')).toHaveAccessibleDescription('Rules for 1–4 and 4–8 overlap at 4.')
    await page.screenshot({ path: testInfo.outputPath('tables-turn-times-refused.png'), fullPage: true })
    await rule2.getByLabel('From (guests)').fill('5')
    await turns.getByRole('button', { name: 'Save Turn Times' }).click()
    await confirm(page, 'Save Turn Times')
    await expect(toastWith(page, 'The turn times are saved.')).toBeVisible()
    expect((await (await page.request.get('/api/admin/turn-times')).json()).rules).toEqual([
      { minParty: 1, maxParty: 4, durationMinutes: 90, weekday: null },
      { minParty: 5, maxParty: 8, durationMinutes: 120, weekday: null },
    ])

    // 'Test a booking': the engine's own answer (GET /api/admin/availability/explain), on a Friday a week or more
    // ahead (open at 19:30, nothing booked on this server's plan): a party of 6 would sit at the combination; one of
    // 20 fits nowhere and would be a request without a table; Monday the pub is closed.
    const test = page.getByRole('region', { name: 'Test a Booking' })
    const answer = test.getByTestId('test-booking-answer')
    const week = addDays(todayIn(new Date(), 'Europe/London'), 7)
    const friday = addDays(week, (5 - dayOfWeek(week) + 7) % 7)
    await test.getByLabel('Date').fill(friday)
    await test.getByLabel('Time').fill('19:30')
    await test.getByLabel('Party size').fill('6')
    await test.getByRole('button', { name: 'Check' }).click()
    await expect(answer).toContainText(`Offered at ${first} + ${second} (${area})`)
    await test.getByLabel('Party size').fill('20')
    await test.getByRole('button', { name: 'Check' }).click()
    await expect(answer).toContainText('Offered as a request, without a table')
    await expect(answer).toContainText('(no_table_fits)')
    await test.getByLabel('Date').fill(addDays(friday, 3))
    await test.getByRole('button', { name: 'Check' }).click()
    await expect(answer).toContainText('Not offered')
    await expect(answer).toContainText('(closed)')

    expect(await seriousViolations(page)).toEqual([])

    // A tablet: the plan and the lists side by side in one column.
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.screenshot({ path: testInfo.outputPath('tables-1024.png'), fullPage: true })

    // A phone: the tables as a list, the forms still there.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.getByRole('tab', { name: new RegExp(`^${area}`) }).click()
    await expect(page.getByText('The plan shows on a wider screen; the tables are listed here.')).toBeVisible()
    await expect(page.getByRole('list', { name: `Tables in ${area}` }).getByRole('listitem')).toHaveCount(2)
    await page.getByRole('button', { name: `Edit ${first}`, exact: true }).click()
    const edit = page.getByRole('dialog', { name: `Edit ${first}` })
    await expect(edit.getByLabel('Across')).toHaveValue('3')
    await edit.getByLabel('Largest party').fill('5')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    await expect(page.getByTestId(`table-${first}`)).toContainText('1–5 guests')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath('tables-390.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
  } finally {
    // The plan goes again, and the turn times are put back.
    const combos = ((await (await page.request.get('/api/admin/table-combinations')).json()) as { id: number; name: string }[]).filter((c) => c.name.startsWith(first))
    for (const c of combos) await staffApi(page, 'DELETE', `/api/admin/table-combinations/${c.id}`)
    for (const t of await tablesNamed(page, [first, second])) await staffApi(page, 'DELETE', `/api/admin/tables/${t.id}`)
    const areas = ((await (await page.request.get('/api/admin/areas')).json()) as { id: number; name: string }[]).filter((a) => a.name === area)
    for (const a of areas) await staffApi(page, 'DELETE', `/api/admin/areas/${a.id}`)
    const now = await (await page.request.get('/api/admin/turn-times')).json()
    await staffApi(page, 'PUT', '/api/admin/turn-times', { rules: before.rules, version: now.version })
  }
})

test('staff see the plan read-only: no forms, tables that cannot be moved, the API refuses a change', async ({ page, browser }) => {
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const username = `floor-${suffix}`
  const password = 'reading-the-floor-plan'
  const areaName = `Parlour ${suffix}`
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: areaName })
  const table = await staffApi(page, 'POST', '/api/admin/tables', { name: `P${suffix}`, areaId: area.id, minCovers: 2, maxCovers: 4, planX: 2, planY: 1 })
  const staff = await (await browser.newContext()).newPage()
  try {
    await staffApi(page, 'POST', '/api/admin/users', { username, role: 'staff', password })
    const res = await staff.request.post('/api/login', { data: { username, password }, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(res.status()).toBe(200)
    await openSection(staff, 'tables')
    await expect(staff.getByRole('heading', { name: 'Tables & Areas', level: 1 })).toBeVisible()
    await staff.getByRole('tab', { name: new RegExp(`^${areaName}`) }).click()
    await expect(staff.getByTestId(`plan-table-P${suffix}`)).toContainText('2–4')
    await expect(staff.getByTestId(`plan-table-P${suffix}`).getByRole('button')).toHaveCount(0)
    for (const name of ['Add Area', 'Add Table', 'Add Combination', 'Save Turn Times', 'Close for a Date']) await expect(staff.getByRole('button', { name })).toHaveCount(0)
    await expect(staff.getByRole('button', { name: 'Check' })).toBeVisible()
    const refused = await staff.request.patch(`/api/admin/tables/${table.id}`, { data: { planX: 9, version: table.version }, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(refused.status()).toBe(403)
    expect(await seriousViolations(staff)).toEqual([])
  } finally {
    await staff.context().close()
    await staffApi(page, 'DELETE', `/api/admin/tables/${table.id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('a table changed by someone else while its form is open: the conflict dialog shows both, and Save Merged keeps their shape and my covers', async ({ page, consoleErrors }) => {
  consoleErrors.allow('status of 409 (Conflict)')
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Loft ${suffix}` })
  const table = await staffApi(page, 'POST', '/api/admin/tables', { name: `L${suffix}`, areaId: area.id, maxCovers: 4 })
  try {
    const edit = await editTable(page, `Loft ${suffix}`, `L${suffix}`)
    await edit.getByLabel('Largest party').fill('6')
    // Meanwhile a colleague makes it a round table for two.
    await staffApi(page, 'PATCH', `/api/admin/tables/${table.id}`, { maxCovers: 2, shape: 'round', version: table.version })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this' })
    await expect(conflict).toContainText(/This table was changed by e2e-admin at \d\d:\d\d while you were editing\./)
    await expect(conflict.getByTestId('conflict-maxCovers')).toContainText('Both of you changed this')
    await expect(conflict.getByTestId('conflict-shape')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    // The choice in the conflict dialog is the confirmation: it saves at once, as in every other panel.
    await conflict.getByRole('button', { name: 'Save Merged' }).click()
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    await expect(conflict).toBeHidden()
    await expect(edit).toBeHidden()
    // Theirs where only they changed it (the shape), mine where both did (the covers).
    expect((await tablesNamed(page, [`L${suffix}`]))[0]).toMatchObject({ maxCovers: 6, shape: 'round', version: 3 })
  } finally {
    await staffApi(page, 'DELETE', `/api/admin/tables/${table.id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('a merge that does not hold together goes back to the form, which says why, and saves over the colleague change once put right', async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow('status of 409 (Conflict)')
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Attic ${suffix}` })
  const table = await staffApi(page, 'POST', '/api/admin/tables', { name: `A${suffix}`, areaId: area.id, maxCovers: 4 })
  try {
    const edit = await editTable(page, `Attic ${suffix}`, `A${suffix}`)
    await edit.getByLabel('Smallest party').fill('3')
    // Meanwhile a colleague makes it a table for two at most.
    await staffApi(page, 'PATCH', `/api/admin/tables/${table.id}`, { maxCovers: 2, version: table.version })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this' })
    // Each changed one field: mine (3 at the least) and theirs (2 at the most) are proposed, and do not go together.
    await expect(conflict.getByRole('radio', { name: 'Smallest party: keep yours' })).toBeChecked()
    await expect(conflict.getByRole('radio', { name: 'Largest party: keep theirs' })).toBeChecked()
    await conflict.getByRole('button', { name: 'Save Merged' }).click()
    await expect(conflict).toBeHidden()
    await expect(edit.getByLabel('Largest party')).toHaveValue('2')
    await expect(edit).toContainText('The largest party must be at least the smallest')
    // The keyboard is put on the field to change.
    await expect(edit.getByLabel('Largest party')).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath('merge-refused.png') })
    expect(await seriousViolations(page)).toEqual([])
    expect((await tablesNamed(page, [`A${suffix}`]))[0]).toMatchObject({ minCovers: 1, maxCovers: 2, version: 2 })
    // Put right, it saves over their change (seen and merged) without asking about it again.
    await edit.getByLabel('Largest party').fill('3')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    await expect(edit).toBeHidden()
    expect((await tablesNamed(page, [`A${suffix}`]))[0]).toMatchObject({ minCovers: 3, maxCovers: 3, version: 3 })
  } finally {
    await staffApi(page, 'DELETE', `/api/admin/tables/${table.id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('turn times saved by someone else while I edit them: the form says so, and loads their list or saves mine over it', async ({ page, consoleErrors }) => {
  consoleErrors.allow('status of 409 (Conflict)')
  await signInQuickly(page)
  const before = await (await page.request.get('/api/admin/turn-times')).json()
  const theirs = [
    { minParty: 1, maxParty: 4, durationMinutes: 105, weekday: null },
    { minParty: 5, maxParty: 20, durationMinutes: 165, weekday: null },
  ]
  const mine = [{ minParty: 1, maxParty: 20, durationMinutes: 135, weekday: null }]
  const put = async (rules: unknown[]) => {
    const now = await (await page.request.get('/api/admin/turn-times')).json()
    await staffApi(page, 'PUT', '/api/admin/turn-times', { rules, version: now.version })
  }
  try {
    await put(mine)
    await openSection(page, 'tables')
    const turns = page.getByRole('region', { name: 'Turn Times' })
    const minutes = turns.getByTestId('turn-rule-0').getByLabel('Minutes')
    await expect(minutes).toHaveValue('135')
    // I start to change the one rule; meanwhile a colleague saves a list of two.
    await minutes.fill('150')
    await put(theirs)
    await turns.getByRole('button', { name: 'Save Turn Times' }).click()
    await confirm(page, 'Save Turn Times')
    await expect(turns.getByRole('alert')).toContainText(/This list of turn times was changed by e2e-admin at \d\d:\d\d while you were editing\./)
    expect(await seriousViolations(page)).toEqual([])
    await turns.getByRole('button', { name: 'Load Their List' }).click()
    await expect(turns.getByRole('alert')).toHaveCount(0)
    await expect(turns.getByTestId('turn-rule-1').getByLabel('Minutes')).toHaveValue('165')
    await expect(minutes).toHaveValue('105')
    expect((await (await page.request.get('/api/admin/turn-times')).json()).rules).toEqual(theirs)

    // Again, and this time mine goes over theirs (against the version they saved).
    await turns.getByRole('button', { name: 'Remove rule 2' }).click()
    await turns.getByTestId('turn-rule-0').getByLabel('To (guests)').fill('20')
    await minutes.fill('150')
    await put(theirs.map((r) => ({ ...r, durationMinutes: r.durationMinutes + 15 })))
    await turns.getByRole('button', { name: 'Save Turn Times' }).click()
    await confirm(page, 'Save Turn Times')
    await turns.getByRole('button', { name: 'Save Mine Over It' }).click()
    await confirm(page, 'Save Turn Times')
    await expect(toastWith(page, 'The turn times are saved.')).toBeVisible()
    await expect(turns.getByRole('alert')).toHaveCount(0)
    expect((await (await page.request.get('/api/admin/turn-times')).json()).rules).toEqual([{ minParty: 1, maxParty: 20, durationMinutes: 150, weekday: null }])
  } finally {
    await put(before.rules)
  }
})

test("an area's season, set in its form, closes it in the other months, and 'Test a booking' says why", async ({ page }, testInfo) => {
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const areaName = `Orchard ${suffix}`
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: areaName, weatherDependent: true })
  const table = await staffApi(page, 'POST', '/api/admin/tables', { name: `O${suffix}`, areaId: area.id, minCovers: 5, maxCovers: 5 })
  // A Friday a week or more ahead, and a season of every month but its own.
  const week = addDays(todayIn(new Date(), 'Europe/London'), 7)
  const friday = addDays(week, (5 - dayOfWeek(week) + 7) % 7)
  const month = Number(friday.slice(5, 7))
  const [from, to] = [(month % 12) + 1, ((month + 10) % 12) + 1]
  const season = `${MONTH_NAMES[from - 1]} to ${MONTH_NAMES[to - 1]}`
  try {
    await openSection(page, 'tables')
    await page.getByRole('tab', { name: new RegExp(`^${areaName}`) }).click()
    const tester = page.getByRole('region', { name: 'Test a Booking' })
    const answer = tester.getByTestId('test-booking-answer')
    const check = async () => {
      await tester.getByLabel('Date').fill(friday)
      await tester.getByLabel('Time').fill('19:30')
      await tester.getByLabel('Party size').fill('5')
      await tester.getByRole('button', { name: 'Check' }).click()
    }
    await check()
    await expect(answer).toContainText(`Offered at O${suffix} (${areaName})`)

    await page.getByRole('button', { name: `Edit ${areaName}`, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Edit ${areaName}` })
    await expect(dialog.getByLabel('Takes bookings from')).toHaveValue('')
    await expect(dialog.getByText('Open every month it is active.')).toBeVisible()
    await dialog.getByLabel('Takes bookings from').selectOption(String(from))
    await dialog.getByLabel('Until the end of').selectOption(String(to))
    await expect(dialog.getByText(`Closed in ${MONTH_NAMES[month - 1]}, as on a date closed for rain.`)).toBeVisible()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: testInfo.outputPath('area-season-390.png') })
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId(`area-${areaName}`)).toContainText(`Bookable ${season}`)
    await expect(page.getByTestId(`area-${areaName}`)).toContainText(`Open every day of its season, ${season}, while it is active.`)
    expect((await (await page.request.get('/api/admin/areas')).json()).find((a: { id: number }) => a.id === area.id).season).toEqual({ from, to })

    await check()
    await expect(answer).toContainText('Not offered')
    await expect(answer).toContainText(`${areaName} takes bookings from ${season}.`)
    await expect(answer).toContainText('(area_closed)')
  } finally {
    await staffApi(page, 'DELETE', `/api/admin/tables/${table.id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test("a table deleted by keyboard leaves focus on the next table's Delete, and a table made inactive on its switch, though the save draws the area anew", async ({ page }) => {
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Den ${suffix}` })
  const names = ['D1', 'D2', 'D3'].map((n) => `${n}${suffix}`)
  for (const [i, name] of names.entries()) await staffApi(page, 'POST', '/api/admin/tables', { name, areaId: area.id, maxCovers: 2, sortOrder: i })
  try {
    await openSection(page, 'tables')
    await page.getByRole('tab', { name: new RegExp(`^Den ${suffix}`) }).click()
    const byKeyboard = async (name: string) => {
      await page.getByRole('button', { name: `Delete ${name}`, exact: true }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(page.getByRole('alertdialog')).toBeHidden()
      await expect(page.getByTestId(`table-${name}`)).toHaveCount(0)
    }
    await byKeyboard(names[0]!)
    await expect(page.getByRole('button', { name: `Delete ${names[1]}`, exact: true })).toBeFocused()
    await byKeyboard(names[2]!)
    await expect(page.getByRole('button', { name: `Delete ${names[1]}`, exact: true })).toBeFocused()
    // A save (unlike a delete) draws the area's section anew: focus finds the table's list again by its name.
    const active = page.getByRole('switch', { name: `Active: ${names[1]}` })
    await active.focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('alertdialog', { name: 'Make this table inactive?' })).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(active).not.toBeChecked()
    await expect(active).toBeFocused()
  } finally {
    await staffApi(page, 'DELETE', `/api/admin/tables/${(await tablesNamed(page, [names[1]!]))[0]?.id}`).catch(() => {})
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`).catch(() => {})
  }
})

test('a table is not made to seat fewer than a party booked at it, nor put out of use before its last booking, nor deleted or made inactive while it is to come: the form and the confirm say which bookings; an area closed for a date opens again', async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow('status of 409 (Conflict)')
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Nook ${suffix}` })
  const table = await staffApi(page, 'POST', '/api/admin/tables', { name: `N${suffix}`, areaId: area.id, maxCovers: 6 })
  // A Friday some weeks ahead, a party of 6 seated there by staff.
  let date = addDays(todayIn(new Date(), 'Europe/London'), 50)
  while (dayOfWeek(date) !== 5) date = addDays(date, 1)
  const six = await staffBooking(page, { date, startTime: '19:00', partySize: 6, tableIds: [table.id] })
  try {
    const edit = await editTable(page, `Nook ${suffix}`, `N${suffix}`)
    await edit.getByLabel('Largest party').fill('4')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    const [, m, d] = date.split('-').map(Number)
    await expect(edit).toContainText(`N${suffix} has 1 booking of more than 4 guests on Fri ${d} ${MONTH_NAMES[m! - 1]!.slice(0, 3)}; move it to other tables first, or let it seat 6.`)
    await page.screenshot({ path: testInfo.outputPath('table-seats-refused.png') })
    expect(await seriousViolations(page)).toEqual([])
    expect((await tablesNamed(page, [`N${suffix}`]))[0]).toMatchObject({ maxCovers: 6, version: 1 })
    // Let it seat 6 and keep the rest of the change: saved.
    await edit.getByLabel('Largest party').fill('6')
    await edit.getByLabel('Smallest party').fill('3')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
    expect((await tablesNamed(page, [`N${suffix}`]))[0]).toMatchObject({ minCovers: 3, maxCovers: 6, version: 2 })

    // Out of use from the booking's date: refused, naming the day after it; from that day: saved, and shown on its row.
    await page.getByRole('button', { name: `Edit N${suffix}`, exact: true }).click()
    const again = page.getByRole('dialog', { name: `Edit N${suffix}` })
    await again.getByLabel('Out of use from').fill(date)
    await again.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    const dayAfter = addDays(date, 1)
    await expect(again).toContainText(
      `N${suffix} has 1 booking from that date, the first on ${formatDayShort(date)}; move it to other tables first, or take it out of use from ${formatDayShort(dayAfter)} or later.`,
    )
    await again.getByLabel('Out of use from').fill(dayAfter)
    await again.getByRole('button', { name: 'Save Changes' }).click()
    await confirm(page, 'Save')
    await expect(toastWith(page, 'Updated successfully!').last()).toBeVisible()
    await expect(page.getByText(`Out of use from ${formatDayShort(dayAfter)}`)).toBeVisible()
    expect((await tablesNamed(page, [`N${suffix}`]))[0]).toMatchObject({ outOfUseFrom: dayAfter, version: 3 })

    // Neither deleted nor made inactive while the booking is to come: the confirm says why, and from when it can go.
    const asked = page.getByRole('alertdialog')
    await page.getByRole('button', { name: `Delete N${suffix}`, exact: true }).click()
    await confirm(page, 'Delete')
    await expect(asked).toContainText(`N${suffix} has 1 booking on ${formatDayShort(date)}; take it out of use from ${formatDayShort(dayAfter)} instead.`)
    await page.screenshot({ path: testInfo.outputPath('table-delete-refused.png') })
    expect(await seriousViolations(page)).toEqual([])
    await confirm(page, 'Cancel')
    await page.getByRole('switch', { name: `Active: N${suffix}` }).click()
    await expect(asked).toContainText('Make this table inactive?')
    await confirm(page, 'Make Inactive')
    await expect(asked).toContainText(`N${suffix} has 1 booking on ${formatDayShort(date)}; move it to other tables first, or take it out of use from ${formatDayShort(dayAfter)}.`)
    await confirm(page, 'Cancel')
    await page.getByRole('button', { name: `Delete Nook ${suffix}`, exact: true }).click()
    await confirm(page, 'Delete')
    await expect(asked).toContainText(`Nook ${suffix} has 1 table: move or delete it first.`)
    await confirm(page, 'Cancel')
    await expect(asked).toBeHidden()
    expect((await tablesNamed(page, [`N${suffix}`]))[0]).toMatchObject({ active: true, version: 3 })

    // Closed for a date, then open again that day.
    const closedOn = addDays(date, 7)
    const areaCard = page.getByTestId(`area-Nook ${suffix}`)
    // Without a date or a reason the form says so by the field to fix, before asking anything.
    await areaCard.getByRole('button', { name: 'Close for a Date' }).click()
    await expect(areaCard.getByLabel('Date', { exact: true })).toHaveAccessibleDescription('Choose a valid date')
    await expect(areaCard.getByLabel('Date', { exact: true })).toBeFocused()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await areaCard.getByLabel('Date', { exact: true }).fill(closedOn)
    await areaCard.getByRole('button', { name: 'Close for a Date' }).click()
    await expect(areaCard.getByLabel('Reason')).toHaveAccessibleDescription('Say why the area is closed (guests may be told)')
    await expect(areaCard.getByLabel('Reason')).toBeFocused()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await areaCard.getByLabel('Reason').fill('Private party')
    await areaCard.getByRole('button', { name: 'Close for a Date' }).click()
    await confirm(page, 'Close Area')
    const closures = page.getByRole('list', { name: `Dates Nook ${suffix} is closed` })
    await expect(closures).toContainText(`${formatDayShort(closedOn)}Private party`)
    // The form is empty again for the next date.
    await expect(areaCard.getByLabel('Date', { exact: true })).toHaveValue('')
    await expect(areaCard.getByLabel('Reason')).toHaveValue('')
    await closures.getByRole('button', { name: `Reopen Nook ${suffix} on ${formatDayShort(closedOn)}` }).click()
    await confirm(page, 'Reopen')
    await expect(toastWith(page, 'The area is open again on that date.')).toBeVisible()
    await expect(closures).toBeHidden()
    await expect(areaCard).toContainText('Open every day it is active.')
  } finally {
    await staffApi(page, 'DELETE', `/api/admin/reservations/${six.id}`)
    await staffApi(page, 'DELETE', `/api/admin/tables/${table.id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('a guest on /booking is offered 19:30 for 6 only while the combination for 6 is free', async ({ page }, testInfo) => {
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  // A Saturday (open 12:00-23:30) some weeks ahead that no other floor-plan test books.
  let date = addDays(todayIn(new Date(), 'Europe/London'), 40)
  while (dayOfWeek(date) !== 6) date = addDays(date, 1)
  const [y, m, d] = date.split('-').map(Number)
  const day = page.getByRole('button', { name: new RegExp(`^${WEEKDAY_NAMES[6]} ${d} ${MONTH_NAMES[m! - 1]} ${y}`) })
  const made: { areas: number[]; tables: number[]; combinations: number[]; bookings: number[] } = { areas: [], tables: [], combinations: [], bookings: [] }
  /** The times /booking offers a party of 6 on the date, as a guest sees them. */
  const timesFor6 = async () => {
    await gotoHydrated(page, '/booking')
    const reject = page.getByRole('button', { name: 'Reject' })
    if (await reject.isVisible()) await reject.click()
    await page.getByLabel('Number of guests').fill('6')
    for (let i = 0; i < 4 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click()
    await day.click()
    const time = page.getByLabel('Time', { exact: true })
    await expect(time.locator('option[value="19:00"], option[value="12:00"]').first()).toBeAttached()
    return time.locator('option[value="19:30"]')
  }
  try {
    // Two four-tops and the combination for 5 to 6: the only seats for 6 in the venue.
    const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Parlour ${suffix}` })
    made.areas.push(area.id)
    for (const name of [`S${suffix}1`, `S${suffix}2`]) made.tables.push((await staffApi(page, 'POST', '/api/admin/tables', { name, areaId: area.id, maxCovers: 4 })).id)
    const combination = await staffApi(page, 'POST', '/api/admin/table-combinations', { tableIds: made.tables, minCovers: 5, maxCovers: 6 })
    made.combinations.push(combination.id)

    await expect(await timesFor6()).toHaveCount(1)

    // A party of 4 at one of its tables from 19:00: the combination is not free at 19:30, so 6 are not offered it.
    const holder = await staffBooking(page, { date, startTime: '19:00', partySize: 4, tableIds: [made.tables[0]] })
    made.bookings.push(holder.id)
    await expect(await timesFor6()).toHaveCount(0)
    await page.screenshot({ path: testInfo.outputPath('booking-six-combination-taken.png') })

    // That booking cancelled: 19:30 is offered again.
    await staffApi(page, 'PATCH', `/api/admin/reservations/${holder.id}`, { status: 'cancelled', version: holder.version })
    await expect(await timesFor6()).toHaveCount(1)
  } finally {
    for (const id of made.bookings) await staffApi(page, 'DELETE', `/api/admin/reservations/${id}`)
    for (const id of made.combinations) await staffApi(page, 'DELETE', `/api/admin/table-combinations/${id}`)
    for (const id of made.tables) await staffApi(page, 'DELETE', `/api/admin/tables/${id}`)
    for (const id of made.areas) await staffApi(page, 'DELETE', `/api/admin/areas/${id}`)
  }
})
