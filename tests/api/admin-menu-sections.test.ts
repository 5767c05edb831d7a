/** PDF Menus: staff add, change and delete menu sections, one per category; the public /menu list follows at once. */
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MenuSectionRow } from '#common/menu-schema'
import { menuSections } from '../../server/db/schema'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'

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
    await staff.patch(`/api/admin/menu-sections/${food.id}`).send({ category: 'sunday' }).expect(409)
    expect((await staff.get('/api/admin/menu-sections').expect(200)).body.map((s: MenuSectionRow) => s.name)).toEqual(['Food', 'Sunday Lunch'])
  })

  it('changes only the fields sent; the updated time (the background stamp) moves', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    const pages = ['/uploads/p1.webp', '/uploads/p2.webp']
    const patched = (await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ imageUrls: pages, backgroundImage: '/uploads/bg.webp' }).expect(200)).body as MenuSectionRow
    expect(patched).toMatchObject({ name: 'Sunday Lunch', pdfUrl: '/uploads/sunday-menu.pdf', imageUrls: pages, backgroundImage: '/uploads/bg.webp' })
    expect(Date.parse(patched.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt))
    const [shown] = await publicMenu()
    expect(shown!.updatedAt).toBe(patched.updatedAt)
    // Reordered pages keep their order.
    const reordered = (await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ imageUrls: [...pages].reverse() }).expect(200)).body
    expect(reordered.imageUrls).toEqual(['/uploads/p2.webp', '/uploads/p1.webp'])
  })

  it('hides an inactive section, or one with no PDF and no pages, from the public menu', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ isActive: false }).expect(200)
    expect(await publicMenu()).toEqual([])
    await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ isActive: true, pdfUrl: null }).expect(200)
    expect(await publicMenu()).toEqual([])
  })

  it('deletes a section; a missing one is a 404', async () => {
    const created = (await add(sunday()).expect(201)).body as MenuSectionRow
    await staff.delete(`/api/admin/menu-sections/${created.id}`).expect(204)
    expect((await staff.delete(`/api/admin/menu-sections/${created.id}`).expect(404)).body.message).toBe('Menu section not found')
    await staff.patch(`/api/admin/menu-sections/${created.id}`).send({ name: 'x' }).expect(404)
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
    expect((await staff.patch(`/api/admin/menu-sections/${created.id}`).send({}).expect(400)).body.message).toContain('Nothing to change')
    await staff.patch('/api/admin/menu-sections/0').send({ name: 'x' }).expect(400)
    expect(await staff.get('/api/admin/menu-sections').then((r) => r.body.length)).toBe(1)
  })
})
