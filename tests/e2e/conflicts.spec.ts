/**
 * No lost updates (issue 33), in two browsers: A opens an event's edit
 * dialog, B (another member of staff) changes its capacity and saves, A
 * changes only the description and saves. A's save comes back 409 and the
 * conflict dialog shows who changed what; nothing was overwritten silently.
 * A merges (their capacity, A's description) and both changes are kept.
 */
import { openSection, signInQuickly, staffApi } from './admin'
import { seriousViolations } from './axe'
import { expect, test, toastWith } from './fixtures'

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

test('a second save over a newer change gets the conflict dialog, and keeps both changes when merged', async ({ page, browser, consoleErrors }) => {
  test.slow()
  // The refused save: the browser logs every 4xx answer it fetched.
  consoleErrors.allow('the server responded with a status of 409')
  await signInQuickly(page)
  const sam = { username: `sam-${stamp()}`, password: 'sam-the-manager-2026' }
  await staffApi(page, 'POST', '/api/admin/users', { ...sam, role: 'manager' })
  const event = (await staffApi(page, 'POST', '/api/admin/events', {
    title: `Christmas Jazz Night ${stamp()}`,
    description: 'A trio from Cambridge.',
    date: '2031-12-19',
    time: '19:30',
    capacity: 40,
  })) as { id: number; title: string }

  // A opens the edit dialog.
  await openSection(page, 'events')
  await page.getByRole('article', { name: event.title, exact: true }).getByRole('button', { name: `Edit ${event.title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Event' })
  await expect(dialog.getByLabel('Capacity (guests)')).toHaveValue('40')

  // B, in another browser, changes the capacity and saves.
  const other = await browser.newContext()
  const b = await other.newPage()
  try {
    const login = await b.request.post('/api/login', { data: sam, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(login.status()).toBe(200)
    await openSection(b, 'events')
    await b.getByRole('article', { name: event.title, exact: true }).getByRole('button', { name: `Edit ${event.title}` }).click()
    const bDialog = b.getByRole('dialog', { name: 'Edit Event' })
    await bDialog.getByLabel('Capacity (guests)').fill('60')
    await bDialog.getByRole('button', { name: 'Save Changes' }).click()
    await b.getByRole('alertdialog', { name: 'Save this event?' }).getByRole('button', { name: 'Save' }).click()
    await expect(bDialog).toBeHidden()
  } finally {
    await other.close()
  }

  // A changes only the description and saves: refused, with the conflict dialog.
  await dialog.getByLabel('Full description').fill('A trio from Cambridge, with mulled wine.')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await page.getByRole('alertdialog', { name: 'Save this event?' }).getByRole('button', { name: 'Save' }).click()
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this' })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText(new RegExp(`This event was changed by ${sam.username} at \\d\\d:\\d\\d while you were editing\\.`))
  // Both fields differ: theirs is proposed for the capacity (only they changed it), A's own for the description.
  await expect(conflict.getByTestId('conflict-capacity')).toContainText('60')
  await expect(conflict.getByRole('radio', { name: 'Capacity (guests): keep theirs' })).toBeChecked()
  await expect(conflict.getByRole('radio', { name: 'Full description: keep yours' })).toBeChecked()
  expect(await seriousViolations(page), 'conflict dialog').toEqual([])
  await page.screenshot({ path: test.info().outputPath('conflict-dialog.png') })
  // Nothing was overwritten: the stored event still has B's capacity and the old description.
  const stored = async () =>
    ((await (await page.request.get('/api/admin/events')).json()) as { id: number; capacity: number; description: string }[]).find((e) => e.id === event.id)!
  expect(await stored()).toMatchObject({ capacity: 60, description: 'A trio from Cambridge.' })

  await conflict.getByRole('button', { name: 'Save Merged' }).click()
  await expect(toastWith(page, 'Updated successfully!')).toBeVisible()
  await expect(conflict).toBeHidden()
  await expect(dialog).toBeHidden()
  expect(await stored()).toMatchObject({ capacity: 60, description: 'A trio from Cambridge, with mulled wine.' })
  await staffApi(page, 'DELETE', `/api/admin/events/${event.id}`)
})
