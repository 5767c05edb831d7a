/** PDF Menus: staff add, change and delete menu sections, one per category; the public /menu list follows at once. */
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MenuSectionRow } from '#common/menu-schema'
import { menuSections } from '../../server/db/schema'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { versionOf } from '../helpers/versions'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})
beforeEach(async () => {
  await t.db.delete(menuSections)
})

const sunday = (over: Record<string, unknown> = {}) => ({
  name: 'Sunday Lunch',
  category: 'sunday',
  description: 'Roasts from 12pm.',
  pdfUrl: '/uploads/sunday-menu.pdf',
  imageUrls: [],
  backgroundImage: '/images/venue-dining-960.webp',
  ...over,
})
const add = (body: object) => staff.post('/api/admin/menu-sections').send(body)
/** A save from a form that has just read the section: it sends the section's version now (issue 33). */
const patchSection = (id: number, body: object) => ({
  expect: async (status: number) => staff.patch(`/api/admin/menu-sections/${id}`).send({ version: await versionOf(t.db, 'menu_sections', id), ...body }).expect(status),
})
const publicMenu = async () => (await request(t.app).get('/api/menu-sections').expect(200)).body as MenuSectionRow[]

describe('the admin menu-sections API', () => {
  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/menu-sections').expect(401)
    await request(t.app).post('/api/admin/menu-sections').set('Sec-Fetch-Site', 'same-origin').send(sunday()).expect(401)
  })

  it('adds a section with a PDF, active by default, and the public menu shows it at once', async () => {
    const res = await add(sunday()).expect(201)
    expect(res.body).toMatchObject({ name: 'Sunday Lunch', category: 'sunday', pdfUrl: '/uploads/sunday-menu.pdf', imageUrls: [], isActive: true })
    expect((await publicMenu()).map((s) => s.name)).toEqual(['Sunday Lunch'])
  })

  it('refuses a second section of the same category with a clear 409, and stores nothing', async () => {
    await add(sunday()).expect(201)
    const res = await add(sunday({ name: 'Another Sunday' })).expect(409)
    expect(res.body).toMatchObject({ message: 'There is already a Sunday section: edit that one, or choose another category.', code: 'category_taken' })
    const food = (await add(sunday({ name: 'Food', category: 'food' })).expect(201)).body as MenuSectionRow
    await patchSection(food.id, { category: 'sunday' }).expect(409)
    expect((await staff.get('/api/admin/menu-sections').expect(200)).body.map((s: MenuSectionRow) => s.name)).toEqual(['Food', 'Sunday Lunch'])
  })

  it('changes only the fields sent; the updated time (the background stamp) moves', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    const pages = ['/uploads/p1.webp', '/uploads/p2.webp']
    const patched = (await patchSection(created.id, { imageUrls: pages, backgroundImage: '/uploads/bg.webp' }).expect(200)).body as MenuSectionRow
    expect(patched).toMatchObject({ name: 'Sunday Lunch', pdfUrl: '/uploads/sunday-menu.pdf', imageUrls: pages, backgroundImage: '/uploads/bg.webp' })
    expect(Date.parse(patched.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt))
    const [shown] = await publicMenu()
    expect(shown!.updatedAt).toBe(patched.updatedAt)
    // Reordered pages keep their order.
    const reordered = (await patchSection(created.id, { imageUrls: [...pages].reverse() }).expect(200)).body
    expect(reordered.imageUrls).toEqual(['/uploads/p2.webp', '/uploads/p1.webp'])
  })

  it('hides an inactive section, or one with no PDF and no pages, from the public menu', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    await patchSection(created.id, { isActive: false }).expect(200)
    expect(await publicMenu()).toEqual([])
    await patchSection(created.id, { isActive: true, pdfUrl: null }).expect(200)
    expect(await publicMenu()).toEqual([])
  })

  it('deletes a section; a missing one is a 404', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    await staff.delete(`/api/admin/menu-sections/${created.id}`).expect(204)
    expect((await staff.delete(`/api/admin/menu-sections/${created.id}`).expect(404)).body.message).toBe('Menu section not found')
    await patchSection(created.id, { name: 'x' }).expect(404)
  })

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: [object, string][] = [
      [sunday({ name: '  ' }), 'Name is required'],
      [sunday({ category: 'starters' }), 'Category must be one of food, vegan, sunday, desserts, cocktails, beer, wine'],
      [sunday({ pdfUrl: 'javascript:alert(1)' }), 'PDF must be an uploaded file'],
      [sunday({ imageUrls: ['data:image/png;base64,AA'] }), 'Each page image must be an uploaded image'],
      [sunday({ imageUrls: '/uploads/a.webp' }), 'imageUrls must be a list of images'],
      [sunday({ backgroundImage: '//evil.example/x.png' }), 'Background image must be an uploaded file'],
      [sunday({ isActive: 'yes' }), 'isActive must be true or false'],
    ]
    for (const [body, message] of cases) {
      expect(JSON.stringify((await add(body).expect(400)).body), message).toContain(message)
    }
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    expect((await patchSection(created.id, {}).expect(400)).body.message).toContain('Nothing to change')
    await staff.patch('/api/admin/menu-sections/0').send({ name: 'x', version: 1 }).expect(400)
    expect(await staff.get('/api/admin/menu-sections').then((r) => r.body.length)).toBe(1)
  })
})

describe('no lost updates (issue 33)', () => {
  it('refuses a save made over a newer one with 409 and the section as it is now; each change is one audit row', async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    await sam.patch(`/api/admin/menu-sections/${created.id}`).send({ description: 'Roasts from 12pm to 5pm.', version: created.version }).expect(200)
    const res = await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ name: 'Sunday Roasts', version: created.version }).expect(409)
    expect(res.body.message).toMatch(/^This menu section was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toMatchObject({ name: 'Sunday Lunch', description: 'Roasts from 12pm to 5pm.', version: created.version + 1 })
    const { rows } = await t.db.$client.query('select username, summary, before, after from audit_log where entity_type = $1 and entity_id = $2 order by id', ['menu_section', String(created.id)])
    expect(rows.map((r) => [r.username, r.summary])).toEqual([
      ['staff', 'added the menu section Sunday Lunch'],
      ['sam', 'changed the menu section Sunday Lunch'],
    ])
    expect(rows[1]).toMatchObject({ before: { description: 'Roasts from 12pm.' }, after: { description: 'Roasts from 12pm to 5pm.' } })
  })
})
