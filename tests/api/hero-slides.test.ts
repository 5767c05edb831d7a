/** Hero Slides: staff add, change and remove the home page's slides; the public list shows the active ones by order at once. */
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { HeroSlideRow } from '#common/hero-schema'
import { heroSlides } from '../../server/db/schema'
import { createTestApp, signedInAgent, signedInAs, type TestApp } from '../helpers/app'
import { versionOf } from '../helpers/versions'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
  await t.db.delete(heroSlides)
})

const slide = (over: Record<string, unknown> = {}) => ({
  title: 'Christmas at the Wheatsheaf',
  subtitle: 'Book your party',
  description: 'Three courses, a DJ and crackers.',
  image: '/images/venue-exterior-960.webp',
  buttons: [
    { text: 'Book a Table', link: '/contact' },
    { text: 'View Menu', link: '/menu' },
  ],
  ...over,
})
/** A save from a form that has just read the slide: it sends the slide's version now (issue 33). */
const putSlide = (id: number, body: object) => ({
  expect: async (status: number) => staff.put(`/api/admin/hero-slides/${id}`).send({ version: await versionOf(t.db, 'hero_slides', id), ...body }).expect(status),
})
const publicSlides = async () => (await request(t.app).get('/api/hero-slides').expect(200)).body as HeroSlideRow[]

describe('the admin hero-slide API', () => {
  it('is for staff only', async () => {
    await request(t.app).get('/api/admin/hero-slides').expect(401)
    await request(t.app).post('/api/admin/hero-slides').send(slide()).expect(401)
  })

  it('adds a slide active and last: its order is the number of slides there were', async () => {
    const first = (await staff.post('/api/admin/hero-slides').send(slide({ title: 'First' })).expect(201)).body as HeroSlideRow
    const second = (await staff.post('/api/admin/hero-slides').send(slide({ title: 'Second' })).expect(201)).body as HeroSlideRow
    expect(first).toMatchObject({ title: 'First', order: 0, isActive: true, buttons: slide().buttons })
    expect(second.order).toBe(1)
    expect((await publicSlides()).map((s) => s.title)).toEqual(['First', 'Second'])
    expect((await staff.get('/api/admin/hero-slides').expect(200)).body).toHaveLength(2)
  })

  it('shows a change on the public list at once: reordered, then deactivated (still listed for staff)', async () => {
    const [first, second] = (await staff.get('/api/admin/hero-slides').expect(200)).body as HeroSlideRow[]
    await putSlide(second!.id, slide({ title: 'Second', order: 0 })).expect(200)
    await putSlide(first!.id, slide({ title: 'First', order: 5 })).expect(200)
    expect((await publicSlides()).map((s) => s.title)).toEqual(['Second', 'First'])
    const off = await putSlide(second!.id, slide({ title: 'Second', isActive: false })).expect(200)
    expect(off.body).toMatchObject({ isActive: false, order: 0 })
    expect((await publicSlides()).map((s) => s.title)).toEqual(['First'])
    expect((await staff.get('/api/admin/hero-slides').expect(200)).body).toHaveLength(2)
  })

  it('deletes a slide; a missing one is a 404', async () => {
    const created = (await staff.post('/api/admin/hero-slides').send(slide({ title: 'Doomed' })).expect(201)).body as HeroSlideRow
    await staff.delete(`/api/admin/hero-slides/${created.id}`).expect(204)
    expect((await publicSlides()).map((s) => s.title)).not.toContain('Doomed')
    expect((await staff.delete(`/api/admin/hero-slides/${created.id}`).expect(404)).body.message).toBe('Hero slide not found')
    await putSlide(created.id, slide()).expect(404)
    await staff.put('/api/admin/hero-slides/abc').send({ ...slide(), version: 1 }).expect(400)
  })
})

describe('validation (SPEC.md section 5)', () => {
  const refused = async (body: object) => {
    const before = (await staff.get('/api/admin/hero-slides')).body.length
    const res = await staff.post('/api/admin/hero-slides').send(body).expect(400)
    expect((await staff.get('/api/admin/hero-slides')).body.length).toBe(before)
    return res.body as { message: string; errors?: Record<string, string> }
  }

  it("says 'Button text is required' and 'Button link is required'", async () => {
    expect(JSON.stringify(await refused(slide({ buttons: [{ text: ' ', link: '/menu' }] })))).toContain('Button text is required')
    expect(JSON.stringify(await refused(slide({ buttons: [{ text: 'Menu', link: '' }] })))).toContain('Button link is required')
  })

  it('requires title, subtitle, description and image', async () => {
    for (const [field, message] of [
      ['title', 'Title is required'],
      ['subtitle', 'Subtitle is required'],
      ['description', 'Description is required'],
      ['image', 'Image is required'],
    ] as const) {
      expect(JSON.stringify(await refused(slide({ [field]: '' }))), field).toContain(message)
    }
  })

  it('refuses script links, foreign image schemes, a NUL, a negative order and too many buttons', async () => {
    expect(JSON.stringify(await refused(slide({ buttons: [{ text: 'Go', link: 'javascript:alert(1)' }] })))).toContain('Button link must be')
    expect(JSON.stringify(await refused(slide({ image: 'data:image/png;base64,AAAA' })))).toContain('Image must be')
    expect(JSON.stringify(await refused(slide({ image: '//evil.example/x.png' })))).toContain('Image must be')
    expect(JSON.stringify(await refused(slide({ title: 'Bad\u0000title' })))).toContain('Title contains characters that are not allowed')
    expect(JSON.stringify(await refused(slide({ order: -1 })))).toContain('Order must be')
    await refused(slide({ buttons: Array.from({ length: 5 }, () => ({ text: 'A', link: '/a' })) }))
    await refused(slide({ isActive: 'yes' }))
  })
})

describe('no lost updates (issue 33)', () => {
  it('refuses a save made over a newer one with 409 and the slide as it is now; each change is one audit row', async () => {
    const sam = await signedInAs(t, 'manager', 'sam')
    const created = (await staff.post('/api/admin/hero-slides').send(slide({ title: 'Summer Garden' })).expect(201)).body as HeroSlideRow
    await sam.put(`/api/admin/hero-slides/${created.id}`).send({ ...created, subtitle: 'Open from May' }).expect(200)
    const res = await staff.put(`/api/admin/hero-slides/${created.id}`).send({ ...created, isActive: false }).expect(409)
    expect(res.body.message).toMatch(/^This slide was changed by sam at \d\d:\d\d while you were editing\.$/)
    expect(res.body.current).toMatchObject({ subtitle: 'Open from May', isActive: true, version: created.version + 1 })
    await staff.delete(`/api/admin/hero-slides/${created.id}`).expect(204)
    const { rows } = await t.db.$client.query('select username, summary from audit_log where entity_type = $1 and entity_id = $2 order by id', ['hero_slide', String(created.id)])
    expect(rows.map((r) => [r.username, r.summary])).toEqual([
      ['staff', 'added the slide Summer Garden'],
      ['sam', 'changed the slide Summer Garden'],
      ['staff', 'deleted the slide Summer Garden'],
    ])
  })
})
