import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { menuSections } from '../../server/db/schema'
import { DEMO_MENU_SECTIONS, seedMenuSections } from '../../server/menu/menu-seed'
import { createTestApp, type TestApp } from '../helpers/app'

type PublicSection = { name: string; category: string; updatedAt: string }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
})
beforeEach(async () => {
  await t.db.delete(menuSections)
})

const section = (category: string, extra: Partial<typeof menuSections.$inferInsert> = {}) => ({
  name: `${category} menu`,
  category,
  description: `Our ${category} menu`,
  imageUrls: [`/images/menu/${category}-1.webp`],
  ...extra,
})

const categories = (body: PublicSection[]) => body.map((s) => s.category)

describe('GET /api/menu-sections', () => {
  it('answers [] when there are no sections', async () => {
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(res.body).toEqual([])
  })

  it('lists sections in the category order food, vegan, sunday, desserts, cocktails, beer, wine', async () => {
    await t.db
      .insert(menuSections)
      .values(['wine', 'desserts', 'food', 'beer', 'sunday', 'cocktails', 'vegan'].map((c) => section(c)))
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(categories(res.body)).toEqual(['food', 'vegan', 'sunday', 'desserts', 'cocktails', 'beer', 'wine'])
  })

  it('leaves out inactive sections', async () => {
    await t.db.insert(menuSections).values([section('food'), section('vegan', { isActive: false })])
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(categories(res.body)).toEqual(['food'])
  })

  it('leaves out sections with neither page images nor a PDF', async () => {
    await t.db
      .insert(menuSections)
      .values([
        section('food', { imageUrls: [] }),
        section('vegan', { imageUrls: [], pdfUrl: '' }),
        section('sunday', { imageUrls: [], backgroundImage: '/images/bg.webp' }),
        section('desserts', { imageUrls: [], pdfUrl: '/uploads/desserts.pdf' }),
      ])
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(categories(res.body)).toEqual(['desserts'])
  })

  it('gives each section its fields, including updatedAt for the cache-busting stamp', async () => {
    await t.db.insert(menuSections).values(
      section('food', {
        name: 'Food Menu',
        description: 'Pub classics',
        imageUrls: ['/images/menu/food-1.webp', '/images/menu/food-2.webp'],
        pdfUrl: '/uploads/food.pdf',
        backgroundImage: '/uploads/food-bg.webp',
        updatedAt: new Date('2026-11-20T09:30:00Z'),
      }),
    )
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        name: 'Food Menu',
        category: 'food',
        description: 'Pub classics',
        imageUrls: ['/images/menu/food-1.webp', '/images/menu/food-2.webp'],
        pdfUrl: '/uploads/food.pdf',
        backgroundImage: '/uploads/food-bg.webp',
        isActive: true,
        updatedAt: '2026-11-20T09:30:00.000Z',
      },
    ])
  })

  it('seeds the demo sections once, keeping a section staff already made', async () => {
    await t.db.insert(menuSections).values(section('vegan', { name: 'Our Own Vegan Menu' }))
    await seedMenuSections(t.db)
    await seedMenuSections(t.db)
    const res = await request(t.app).get('/api/menu-sections').expect(200)
    expect(categories(res.body)).toEqual(['food', 'vegan', 'sunday', 'desserts', 'wine'])
    expect(res.body[4].pdfUrl).toBe('/images/menu/wine-list.pdf')
    expect(res.body[1].name).toBe('Our Own Vegan Menu')
    expect(res.body[0].imageUrls).toEqual(DEMO_MENU_SECTIONS[0].imageUrls)
  })

  it('points the demo sections at illustrated pages that ship in public/', () => {
    const files = DEMO_MENU_SECTIONS.flatMap((s) => [
      ...s.imageUrls,
      s.backgroundImage,
      ...('pdfUrl' in s ? [s.pdfUrl] : []),
    ])
    const missing = files.filter((url) => !fs.existsSync(path.join('public', url)))
    expect(missing).toEqual([])
  })
})
