/**
 * Tonight in the browser (issue 35), at a fixed evening instant: two members
 * of staff on two browsers. Staff open the back-office on Tonight after 3 pm;
 * A marks a party Arrived then Seated and B's screen shows it (the time
 * measured and printed); a walk-in seated on B appears on A; a party 20
 * minutes late is marked 'Late' in words and offered No-show, which Undo puts
 * back; offline, B's tap is refused in its row; a step the server refuses (a pending booking marked arrived) says why
 * in its row; the guest's notes show in the row; axe; a tablet and a phone. It
 * draws a small plan and takes it away again (see DRAWS_A_FLOOR_PLAN).
 */
import type { Browser, Page } from '@playwright/test'
import { LIVE_MESSAGES } from '#common/live'
import { shortName } from '#common/tables'
import { signInQuickly, staffApi, staffBooking } from './admin'
import { seriousViolations } from './axe'
import { atFixedTime, expect, gotoHydrated, test, toastWith } from './fixtures'

const DAY = '2035-02-16' // a Friday in February: London's clock is UTC
const MORNING = `${DAY}T10:00:00Z`
const EVENING = `${DAY}T19:20:00Z`

/** A member of staff signed in on a browser of their own, at the evening's instant. */
async function staffOn(page: Page, login: { username: string; password: string }) {
  await atFixedTime(page, EVENING)
  const res = await page.request.post('/api/login', { data: login, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  expect(res.status()).toBe(200)
}

/** Milliseconds from `from` until the page shows the booking's row in this visit state (checked in the page every 20 ms). */
async function msUntilRow(page: Page, id: number, state: string, from: number): Promise<number> {
  await page.waitForFunction(
    ([id, state]) => document.querySelector(`[data-testid="tonight-${id}"]`)?.getAttribute('data-visit-state') === state,
    [id, state] as const,
    { polling: 20, timeout: 5_000 },
  )
  return Date.now() - from
}

const row = (page: Page, id: number) => page.getByTestId(`tonight-${id}`)

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage()
}

test('Tonight: A seats a party and B sees it within a second, a walk-in on B shows on A, a late party, axe, tablet and phone', async ({ page, browser, consoleErrors }, testInfo) => {
  // The refused step answers 409 on purpose; while B is offline the browser logs any request it cannot send (the
  // live channel's retry, a refetch), which is what offline means.
  const expected = ['status of 409 (Conflict)', 'net::ERR_INTERNET_DISCONNECTED']
  consoleErrors.allow(...expected)
  // Four staff screens and a guest's, on a tablet and a phone: about 18 s alone, twice that on a CI machine whose cores are full.
  test.slow()
  const owner = await newPage(browser)
  await signInQuickly(owner)
  const suffix = Date.now().toString(36).slice(-4)
  const login = { username: `host-${suffix}`, password: 'running-the-host-stand' }
  await staffApi(owner, 'POST', '/api/admin/users', { username: login.username, role: 'staff', password: login.password })
  const area = await staffApi(owner, 'POST', '/api/admin/areas', { name: `Snug ${suffix}` })
  const [t1, t2, t3] = [`S${suffix}1`, `S${suffix}2`, `S${suffix}3`]
  const tableIds: number[] = []
  const bookingIds: number[] = []
  const other = await newPage(browser)
  const otherErrors: string[] = []
  other.on('console', (msg) => msg.type() === 'error' && !expected.some((e) => msg.text().includes(e)) && otherErrors.push(msg.text()))
  try {
    for (const [i, name] of [t1, t2, t3].entries()) {
      tableIds.push((await staffApi(owner, 'POST', '/api/admin/tables', { name, areaId: area.id, minCovers: 1, maxCovers: 4, planX: i * 4, planY: 1 })).id)
    }
    // Booked in the morning: Ann is due at 19:30 with a note, Larry was due at 19:00 and is 20 minutes late.
    const note = 'Nut allergy. Window seat please, it is her birthday.'
    const ann = await staffBooking(owner, { name: 'Ann Tonight', date: DAY, startTime: '19:30', partySize: 2, tableIds: [tableIds[0]], additionalInfo: note }, MORNING)
    const larry = await staffBooking(owner, { name: 'Larry Late', date: DAY, startTime: '19:00', partySize: 3, tableIds: [tableIds[1]] }, MORNING)
    // Pat's large-party request is not confirmed yet: it cannot be marked arrived.
    const pat = await staffBooking(owner, { name: 'Pat Pending', date: DAY, startTime: '19:45', partySize: 2, tableIds: [], status: 'pending' }, MORNING)
    bookingIds.push(ann.id, larry.id, pat.id)

    // A: the staff role opens the back-office on Tonight after 3 pm, with no section asked for.
    await staffOn(page, login)
    await page.setViewportSize({ width: 1024, height: 768 })
    await gotoHydrated(page, '/admin')
    await expect(page.getByRole('heading', { name: 'Tonight', level: 1 })).toBeVisible()
    await expect(page.getByText('Friday, 16 February 2035 · now 19:20')).toBeVisible()
    // Pat's request is not expected until it is confirmed: its guests are counted apart.
    const covers = page.getByTestId('covers')
    await expect(covers).toContainText('Expected5')
    await expect(covers.getByTestId('covers-requested')).toHaveText('+2 awaiting confirmation')
    await expect(covers).toContainText('Seated now0')
    await expect(covers).toContainText('Still to come5')
    // The arrivals in time order, Ann's note in her row without opening it; Larry late, in words.
    await expect(page.getByRole('list', { name: 'Arrivals in time order' }).getByRole('article')).toHaveText([/Larry Late/, /Ann Tonight/, /Pat Pending/])
    await expect(row(page, ann.id).getByTestId('notes')).toHaveText(`Notes: ${note}`)
    // The guest's line (issue 37): a first booking of this guest.
    await expect(row(page, ann.id).getByTestId('guest-line')).toContainText('1st visit')
    await expect(row(page, ann.id)).toContainText(`2 guests · ${t1} · Phone`)
    await expect(row(page, larry.id).getByTestId('late')).toHaveText('Late')
    await expect(row(page, ann.id).getByTestId('late')).toHaveCount(0)
    await expect(row(page, ann.id).getByRole('button', { name: 'No-show' })).toHaveCount(0)
    // The timeline below, with now marked.
    await expect(page.getByTestId('timeline-grid').locator('th[data-now="19:20"]')).toHaveCount(1)

    // B on another browser.
    await staffOn(other, login)
    await other.setViewportSize({ width: 1024, height: 768 })
    await gotoHydrated(other, '/admin?section=tonight')
    await expect(row(other, ann.id)).toHaveAttribute('data-visit-state', 'expected')

    // A: Arrived, then Seated; B shows it.
    await row(page, ann.id).getByRole('button', { name: 'Arrived', exact: true }).click()
    await expect(row(page, ann.id).getByTestId('visit-state')).toHaveText('Arrived 19:20')
    const seated = page.waitForResponse((res) => res.url().endsWith(`/api/admin/reservations/${ann.id}/visit`))
    const tapped = Date.now()
    await row(page, ann.id).getByRole('button', { name: 'Seated', exact: true }).click()
    const answered = (await seated, Date.now())
    // Measured from A's answer, the change committed: what the live channel adds.
    const shownOnB = await msUntilRow(other, ann.id, 'seated', answered)
    console.log(`Tonight: A tapped Seated, answered in ${answered - tapped} ms; B showed it ${shownOnB} ms after the answer`)
    expect(shownOnB).toBeLessThan(1_000)
    await expect(covers).toContainText('Seated now2')
    await expect(row(other, ann.id).getByTestId('visit-state')).toHaveText('Seated 19:20')

    // B: a walk-in of two at the third table; A shows it.
    await other.getByRole('button', { name: 'Walk-in' }).click()
    const dialog = other.getByRole('dialog', { name: 'Walk-in' })
    await dialog.getByRole('group', { name: 'Party of' }).getByRole('button', { name: '2', exact: true }).click()
    await expect(dialog.getByLabel('Party size')).toHaveValue('2')
    await dialog.getByRole('radio', { name: new RegExp(`^${t3} `) }).check()
    await dialog.getByLabel('Name (optional)').fill(`Wendy Walkin ${suffix}`)
    await other.screenshot({ path: testInfo.outputPath('tonight-walk-in.png') })
    const walkInSeated = Date.now()
    await dialog.getByRole('button', { name: 'Seat now' }).click()
    await expect(toastWith(other, `2 guests seated at ${t3}.`)).toBeVisible()
    const wendy = page.getByRole('article', { name: `Wendy Walkin ${suffix}` })
    await expect(wendy).toHaveAttribute('data-visit-state', 'seated')
    console.log(`Tonight: the walk-in seated on B showed on A ${Date.now() - walkInSeated} ms after Seat now`)
    bookingIds.push(Number((await wendy.getAttribute('data-testid'))!.replace('tonight-', '')))
    await expect(wendy).toContainText(`2 guests · ${t3} · Walk-in`)

    // B loses the network: the banner, and a tap refused in its row in words rather than lost; back online, it goes.
    await other.context().setOffline(true)
    await expect(other.getByTestId('offline-banner')).toHaveText(LIVE_MESSAGES.offlineSince('19:20'))
    await row(other, ann.id).getByRole('button', { name: 'Finished', exact: true }).click()
    await expect(row(other, ann.id).getByRole('alert')).toContainText(LIVE_MESSAGES.offlineRefused)
    await expect(row(other, ann.id)).toHaveAttribute('data-visit-state', 'seated')
    await other.context().setOffline(false)
    await expect(other.getByTestId('offline-banner')).toHaveCount(0)

    // Larry: No-show (offered because he is late), then Undo.
    await row(page, larry.id).getByRole('button', { name: 'No-show' }).click()
    await expect(row(page, larry.id)).toHaveAttribute('data-visit-state', 'no_show')
    await page.getByText('Finished and no-shows (1)').click()
    await row(page, larry.id).getByRole('button', { name: 'Undo No-show' }).click()
    await expect(row(page, larry.id)).toHaveAttribute('data-visit-state', 'expected')
    await expect(row(page, larry.id).getByTestId('late')).toHaveText('Late')

    // A step the server refuses stays in its row, in the server's words, and the booking as it was.
    await row(page, pat.id).getByRole('button', { name: 'Arrived', exact: true }).click()
    await expect(row(page, pat.id).getByRole('alert')).toContainText('This booking is still a request: confirm it before marking it arrived.')
    await expect(row(page, pat.id)).toHaveAttribute('data-visit-state', 'expected')

    await page.screenshot({ path: testInfo.outputPath('tonight-1024.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await expect(page.getByTestId('timeline-list')).toContainText('Now, 19:20')
    await page.screenshot({ path: testInfo.outputPath('tonight-390.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
    expect(otherErrors).toEqual([])
  } finally {
    for (const id of bookingIds) await staffApi(owner, 'DELETE', `/api/admin/reservations/${id}`)
    for (const id of tableIds) await staffApi(owner, 'DELETE', `/api/admin/tables/${id}`)
    await staffApi(owner, 'DELETE', `/api/admin/areas/${area.id}`)
    await other.context().close()
    await owner.context().close()
  }
})

test('a party seated past its time: Tonight says so, warns the next party at its table, and Walk-in names it and frees it with Finished', async ({ page }) => {
  const day = '2035-03-02' // a Friday: London's clock is still UTC
  const morning = `${day}T10:00:00Z`
  await atFixedTime(page, `${day}T19:20:00Z`)
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Parlour ${suffix}` })
  const tableIds: number[] = []
  const bookingIds: number[] = []
  try {
    for (const [i, name] of [`P${suffix}1`, `P${suffix}2`].entries()) {
      tableIds.push((await staffApi(page, 'POST', '/api/admin/tables', { name, areaId: area.id, minCovers: 1, maxCovers: 4, planX: i * 4, planY: 1 })).id)
    }
    const [first, second] = tableIds as [number, number]
    const t1 = `P${suffix}1`
    // Lou sat down at 17:05 for the usual two hours and is still there at 19:20; Nora is booked at Lou's table at 19:00.
    const lou = await staffBooking(page, { name: 'Lou Linger', startTime: '17:00', date: day, partySize: 4, tableIds: [first] }, morning)
    await staffApi(page, 'POST', `/api/admin/reservations/${lou.id}/visit`, { state: 'seated' }, `${day}T17:05:00Z`)
    const nora = await staffBooking(page, { name: 'Nora Next', startTime: '19:00', date: day, partySize: 4, tableIds: [first] }, morning)
    // The other table is taken until 20:30.
    const bob = await staffBooking(page, { name: 'Bob Busy', startTime: '18:30', date: day, partySize: 2, tableIds: [second] }, morning)
    await staffApi(page, 'POST', `/api/admin/reservations/${bob.id}/visit`, { state: 'seated' }, `${day}T18:31:00Z`)
    bookingIds.push(lou.id, nora.id, bob.id)

    await page.setViewportSize({ width: 1024, height: 768 })
    // All Reservations' Today says it on Lou's card too, and on nobody else's.
    await gotoHydrated(page, '/admin?section=reservations')
    await expect(page.getByTestId(`reservation-${lou.id}`).getByTestId('over-time')).toHaveText('Over time')
    await expect(page.getByTestId(`reservation-${bob.id}`)).toBeVisible()
    await expect(page.getByTestId('over-time')).toHaveCount(1)
    await gotoHydrated(page, '/admin?section=tonight')
    await expect(row(page, lou.id).getByTestId('over-time')).toHaveText('Over time')
    await expect(row(page, lou.id).getByTestId('due-to-leave')).toHaveText('20 minutes over their time: due to leave at 19:00')
    await expect(row(page, bob.id).getByTestId('due-to-leave')).toHaveText('Due to leave at 20:30')
    await expect(row(page, bob.id).getByTestId('over-time')).toHaveCount(0)
    const louShort = shortName(lou.name) // 'L. <the unique word staffBooking adds>'
    await expect(row(page, nora.id).getByTestId('still-taken')).toHaveText(`${t1} is still taken: ${louShort} (4) are 20 minutes over their time.`)
    // The timeline draws Lou's bar on to now, and says so.
    await expect(page.getByTestId(`bar-${lou.id}`)).toContainText('over time')

    // Nora does not come. Walk-in: nothing for four is offered while Lou is still there; Finished from the dialog frees it.
    await row(page, nora.id).getByRole('button', { name: 'No-show' }).click()
    await expect(row(page, nora.id)).toHaveAttribute('data-visit-state', 'no_show')
    await page.getByRole('button', { name: 'Walk-in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Walk-in' })
    await dialog.getByRole('group', { name: 'Party of' }).getByRole('button', { name: '4', exact: true }).click()
    await expect(dialog.getByText('No table is free for 4 guests now.')).toBeVisible()
    // The wait to quote them: Bob's table when he is due to leave (Lou's, when is not known).
    await expect(dialog.getByTestId('next-free')).toHaveText(`Next free for their whole stay: P${suffix}2 (Parlour ${suffix}) at 20:30, in 70 minutes.`)
    const stillSeated = dialog.getByTestId('still-seated')
    await expect(stillSeated.getByRole('listitem')).toHaveText([`${t1}: ${louShort} (4), due to leave at 19:00Finished`])
    expect(await seriousViolations(page)).toEqual([])
    await stillSeated.getByRole('button', { name: `Finished: ${louShort} (4) have gone` }).click()
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${t1} `) })).toBeChecked()
    await expect(stillSeated).toHaveCount(0)
    await expect(dialog.getByTestId('next-free')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(row(page, lou.id)).toHaveAttribute('data-visit-state', 'finished')
  } finally {
    for (const id of bookingIds) await staffApi(page, 'DELETE', `/api/admin/reservations/${id}`)
    for (const id of tableIds) await staffApi(page, 'DELETE', `/api/admin/tables/${id}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})

test('Tonight by keyboard: each step keeps focus in its row, or moves it to the next party, and a screen reader hears it', async ({ page }) => {
  const day = '2035-02-23' // the Friday after the test above's
  await atFixedTime(page, `${day}T19:20:00Z`)
  await signInQuickly(page)
  const ann = await staffBooking(page, { name: 'Ann Keys', date: day, startTime: '19:00' }, `${day}T10:00:00Z`)
  const bob = await staffBooking(page, { name: 'Bob Keys', date: day, startTime: '19:30' }, `${day}T10:00:00Z`)
  try {
    await gotoHydrated(page, '/admin?section=tonight')
    const said = page.getByTestId('tonight-said')
    const step = (id: number, name: string) => row(page, id).getByRole('button', { name, exact: true })
    // Each step's button is disabled while it is sent and then replaced by the next step: focus goes to that step,
    // not to the top of the page (it fell to the document's body before).
    await step(ann.id, 'Arrived').focus()
    await page.keyboard.press('Enter')
    await expect(step(ann.id, 'Seated')).toBeFocused()
    await expect(said).toHaveText(`${ann.name}: Arrived`)
    await page.keyboard.press('Enter')
    await expect(step(ann.id, 'Finished')).toBeFocused()
    await expect(said).toHaveText(`${ann.name}: Seated`)
    // Finished: Ann's row goes to the closed list below, so focus goes to the party after her.
    await page.keyboard.press('Enter')
    await expect(row(page, ann.id)).toHaveAttribute('data-visit-state', 'finished')
    await expect(step(bob.id, 'Arrived')).toBeFocused()
    await expect(said).toHaveText(`${ann.name}: Finished`)
    // Undo from the list of finished parties: her row comes back, focus on its next step.
    await page.getByText('Finished and no-shows (1)').click()
    await step(ann.id, 'Undo Finished').focus()
    await page.keyboard.press('Enter')
    await expect(step(ann.id, 'Finished')).toBeFocused()
    await expect(said).toHaveText(`${ann.name}: Seated`)
  } finally {
    for (const id of [ann.id, bob.id]) await staffApi(page, 'DELETE', `/api/admin/reservations/${id}`)
  }
})

test('the walk-in queue: a party with no table free joins it from Walk-in, waits past its quote, is told of the table freed, and is seated from it; another goes and comes back', async ({ page }) => {
  const day = '2035-03-09' // a Friday: London's clock is still UTC
  const morning = `${day}T10:00:00Z`
  await atFixedTime(page, `${day}T20:10:00Z`)
  await signInQuickly(page)
  const suffix = Date.now().toString(36).slice(-4)
  const area = await staffApi(page, 'POST', '/api/admin/areas', { name: `Saloon ${suffix}` })
  const table = `Q${suffix}1`
  const tableId = (await staffApi(page, 'POST', '/api/admin/tables', { name: table, areaId: area.id, minCovers: 1, maxCovers: 4, planX: 1, planY: 1 })).id as number
  const bookingIds: number[] = []
  try {
    // Lou sat down at 18:05 for the usual two hours and is still there at 20:10.
    const lou = await staffBooking(page, { name: 'Lou Long', startTime: '18:00', date: day, partySize: 4, tableIds: [tableId] }, morning)
    bookingIds.push(lou.id)
    await staffApi(page, 'POST', `/api/admin/reservations/${lou.id}/visit`, { state: 'seated' }, `${day}T18:05:00Z`)

    await page.setViewportSize({ width: 1024, height: 768 })
    await gotoHydrated(page, '/admin?section=tonight')
    await expect(page.getByTestId('walk-in-queue')).toHaveCount(0)
    await page.getByRole('button', { name: 'Walk-in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Walk-in' })
    await dialog.getByRole('group', { name: 'Party of' }).getByRole('button', { name: '4', exact: true }).click()
    await expect(dialog.getByText('No table is free for 4 guests now.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Seat now' })).toBeDisabled()
    // A name is needed to call them by; a quote over four hours is refused; nothing is added meanwhile.
    await dialog.getByRole('button', { name: 'Add to the queue' }).click()
    await expect(dialog.getByText('Give a name to call them by')).toBeVisible()
    await dialog.getByLabel('Name (optional)').fill('Sam Queue')
    await dialog.getByLabel('Phone (optional)').fill('07700 900 456')
    await dialog.getByLabel('Quoted wait (minutes)').fill('300')
    await dialog.getByRole('button', { name: 'Add to the queue' }).click()
    await expect(dialog.getByText('Quoted wait must be from 0 to 240 minutes')).toBeVisible()
    await dialog.getByLabel('Quoted wait (minutes)').fill('20')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Add to the queue' }).click()
    await expect(toastWith(page, 'Sam Queue (4) added to the queue.')).toBeVisible()
    await expect(dialog).toHaveCount(0)

    const queue = page.getByTestId('walk-in-queue')
    await expect(queue.getByRole('heading')).toHaveText('Waiting for a table (1)')
    const sam = queue.getByRole('listitem').filter({ hasText: 'Sam Queue (4)' })
    await expect(sam.getByTestId('queue-waited')).toHaveText('Waited 0 minutes of the 20 quoted')
    await expect(sam.getByRole('link', { name: '07700 900 456' })).toHaveAttribute('href', 'tel:07700900456')
    await expect(sam.getByTestId('queue-free-now')).toHaveCount(0)

    // 25 minutes on, Lou is still there: Sam's wait is past the quote, and says so.
    await atFixedTime(page, `${day}T20:35:00Z`)
    await gotoHydrated(page, '/admin?section=tonight')
    await expect(sam.getByTestId('queue-waited')).toHaveText('Waited 25 minutes: 5 minutes over the 20 quoted')
    await expect(sam.getByTestId('queue-over-quote')).toHaveText('Over the quote')
    expect(await seriousViolations(page)).toEqual([])
    // Lou goes: the queue says at once which table is free for Sam.
    await row(page, lou.id).getByRole('button', { name: 'Finished' }).click()
    await expect(sam.getByTestId('queue-free-now')).toHaveText(`${table} (Saloon ${suffix}) is free for them now`)

    // Seat opens Walk-in for Sam, with the party, the name and the phone, and the table chosen.
    await sam.getByRole('button', { name: 'Seat Sam Queue (4)' }).click()
    await expect(dialog).toContainText('Seating Sam Queue (4) from the queue, waiting since 20:10.')
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${table} `) })).toBeChecked()
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Sam Queue')
    await expect(dialog.getByRole('button', { name: 'Add to the queue' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Seat now' }).click()
    await expect(toastWith(page, `4 guests seated at ${table}.`)).toBeVisible()
    await expect(queue.getByRole('heading')).toHaveText('Waiting for a table (0)')
    await expect(queue.getByText('No one is waiting now.')).toBeVisible()
    await queue.getByText('Seated and gone (1)').click()
    await expect(queue.getByText('Sam Queue (4): seated at 20:35, quoted 20')).toBeVisible()
    // Sam's walk-in booking, seated, at the table.
    const walkedIn = page.locator('[data-testid^="tonight-"][data-visit-state]').filter({ hasText: 'Sam Queue' })
    await expect(walkedIn).toHaveAttribute('data-visit-state', 'seated')
    bookingIds.push(Number((await walkedIn.getAttribute('data-testid'))!.replace('tonight-', '')))

    // Ann goes without a table, then comes back in her old place.
    await staffApi(page, 'POST', '/api/admin/walk-in-queue', { name: 'Ann Again', partySize: 2 }, `${day}T20:35:00Z`)
    const ann = queue.getByRole('listitem').filter({ hasText: 'Ann Again (2)' })
    await ann.getByRole('button', { name: 'Gone: Ann Again (2) left without a table' }).click()
    await expect(queue.getByText('Seated and gone (2)')).toBeVisible()
    await queue.getByRole('button', { name: 'Back in the queue: Ann Again (2)' }).click()
    await expect(queue.getByRole('heading')).toHaveText('Waiting for a table (1)')
    await expect(ann.getByTestId('queue-waited')).toHaveText('Waited 0 minutes')

    // The host stand on a phone: each party's buttons are there to tap.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(ann.getByRole('button', { name: 'Seat Ann Again (2)' })).toBeInViewport({ ratio: 0 })
    await ann.getByRole('button', { name: 'Gone: Ann Again (2) left without a table' }).scrollIntoViewIfNeeded()
    const [seatBox, goneBox] = [await ann.getByRole('button', { name: /^Seat / }).boundingBox(), await ann.getByRole('button', { name: /^Gone: / }).boundingBox()]
    expect(seatBox!.x + seatBox!.width).toBeLessThanOrEqual(390)
    expect(goneBox!.x + goneBox!.width).toBeLessThanOrEqual(390)
    await ann.getByRole('button', { name: 'Gone: Ann Again (2) left without a table' }).click()
    await expect(queue.getByRole('heading')).toHaveText('Waiting for a table (0)')
  } finally {
    for (const id of bookingIds) await staffApi(page, 'DELETE', `/api/admin/reservations/${id}`)
    await staffApi(page, 'DELETE', `/api/admin/tables/${tableId}`)
    await staffApi(page, 'DELETE', `/api/admin/areas/${area.id}`)
  }
})
